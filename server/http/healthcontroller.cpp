#include "healthcontroller.h"

#include "apiserver.h"
#include "db/database.h"
#include "reply.h"

namespace boxoffice::server::http {

void HealthController::registerRoutes(ApiServer &server, Services &services)
{
    server.routeInline(
        QStringLiteral("/healthz"), QHttpServerRequest::Method::Get, [](const Request &) {
            return toHttp({200, QJsonObject{{QStringLiteral("status"), QStringLiteral("ok")}}});
        });
    server.route(QStringLiteral("/readyz"),
                 QHttpServerRequest::Method::Get,
                 [&services](const Request &) {
                     const bool database = services.database.ping();
                     // Redis is not used yet; reported so that probes can rely on the shape.
                     QJsonObject body{{QStringLiteral("database"),
                                       database ? QStringLiteral("up") : QStringLiteral("down")},
                                      {QStringLiteral("redis"), QStringLiteral("not_configured")},
                                      {QStringLiteral("status"),
                                       database ? QStringLiteral("ready")
                                                : QStringLiteral("not_ready")}};
                     if (!database)
                         return toHttp(domain::Response::fromError(
                             domain::Error(domain::ErrorCode::Unavailable,
                                           QStringLiteral("the database is unreachable"),
                                           body)));
                     return toHttp({200, body});
                 });
}

} // namespace boxoffice::server::http
