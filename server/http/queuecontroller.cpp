// SPDX-License-Identifier: GPL-3.0-or-later
#include "queuecontroller.h"

#include "apiserver.h"
#include "authenticator.h"
#include "domain/queueservice.h"
#include "reply.h"

namespace boxoffice::server::http {

void QueueController::registerRoutes(ApiServer &server, Services &services)
{
    // Joins answer on the HTTP thread through a non-blocking Redis connection (no worker
    // hand-off, many joins pipelined on one link); the worker pool only when the event's
    // settings must first be read from PostgreSQL.
    server.routeIdAsync(
        QStringLiteral("/events/<arg>/queue"),
        QHttpServerRequest::Method::Post,
        [&services](const QString &eventId, const Request &request, const Respond &respond) {
            const auto caller = services.authenticator.authenticate(request);
            return services.queue.joinAsync(caller,
                                            eventId,
                                            request.remoteAddress,
                                            [respond](const domain::JoinAnswer &answer) {
                                                respond(answer.text.isEmpty()
                                                            ? toHttp(answer.response)
                                                            : jsonReply(answer.text));
                                            });
        },
        [&services](const QString &eventId, const Request &request) {
            const auto caller = services.authenticator.authenticate(request);
            return toHttp(services.queue.join(caller, eventId, request.remoteAddress));
        });
    server.routeTwoIds(QStringLiteral("/events/<arg>/queue/<arg>"),
                       QHttpServerRequest::Method::Get,
                       [&services](const QString &eventId,
                                   const QString &queueId,
                                   const Request &request) {
                           const auto caller = services.authenticator.authenticate(request);
                           return toHttp(services.queue.status(caller, eventId, queueId));
                       });
}

} // namespace boxoffice::server::http
