#include "queuecontroller.h"

#include "apiserver.h"
#include "authenticator.h"
#include "domain/queueservice.h"
#include "reply.h"

namespace boxoffice::server::http {

void QueueController::registerRoutes(ApiServer &server, Services &services)
{
    if (!services.queue)
        return;
    server.routeId(QStringLiteral("/events/<arg>/queue"),
                   QHttpServerRequest::Method::Post,
                   [&services](const QString &eventId, const Request &request) {
                       const auto caller = services.authenticator.authenticate(request);
                       return toHttp(services.queue->join(caller, eventId, request.remoteAddress));
                   });
    server.routeTwoIds(QStringLiteral("/events/<arg>/queue/<arg>"),
                       QHttpServerRequest::Method::Get,
                       [&services](const QString &eventId,
                                   const QString &queueId,
                                   const Request &request) {
                           const auto caller = services.authenticator.authenticate(request);
                           return toHttp(services.queue->status(caller, eventId, queueId));
                       });
}

} // namespace boxoffice::server::http
