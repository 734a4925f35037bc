// SPDX-License-Identifier: GPL-3.0-or-later
#include "healthcontroller.h"

#include "api/problem.h"
#include "apiserver.h"
#include "domain/queueservice.h"
#include "domain/seatmapchanges.h"
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
                     const bool database = domain::databaseReachable(services.database);
                     // Redis down is degraded, not unready: holds still work (capped), the
                     // queue pauses.
                     const QString redis = services.queue.redisUp() ? QStringLiteral("up")
                                                                    : QStringLiteral("down");
                     QJsonObject body{{QStringLiteral("database"),
                                       database ? QStringLiteral("up") : QStringLiteral("down")},
                                      {QStringLiteral("redis"), redis},
                                      {QStringLiteral("queue"),
                                       redis == u"up" ? QStringLiteral("admitting")
                                                      : QStringLiteral("paused")},
                                      {QStringLiteral("holds"),
                                       redis == u"up" ? QStringLiteral("normal")
                                                      : QStringLiteral("capped")},
                                      {QStringLiteral("status"),
                                       database ? QStringLiteral("ready")
                                                : QStringLiteral("not_ready")}};
                     // Mail off is not unready: sales go on, tickets are in the fan's orders.
                     body.insert(u"mail",
                                 services.mailEnabled ? QStringLiteral("configured")
                                                      : QStringLiteral("not_configured"));
                     if (!services.mailProblem.isEmpty())
                         body.insert(u"mail_detail", services.mailProblem);
                     if (!database) {
                         // A problem that also carries the readiness members (the problem's
                         // own members win: `status` is 503).
                         const api::Answer down = api::problem(
                             domain::Error(domain::ErrorCode::Unavailable,
                                           QStringLiteral("the database is unreachable")));
                         for (auto member = down.body.begin(); member != down.body.end(); ++member)
                             body.insert(member.key(), member.value());
                         return toHttp({down.status, body});
                     }
                     return toHttp({200, body});
                 });
}

} // namespace boxoffice::server::http
