// SPDX-License-Identifier: GPL-3.0-or-later
#include "queuecontroller.h"

#include "api/queuecodec.h"
#include "api/saleops.h"
#include "apiserver.h"
#include "authenticator.h"
#include "resultreply.h"

namespace boxoffice::server::http {

namespace {

using PlaceResult = domain::Result<domain::QueuePlace>;

QHttpServerResponse placeReply(const PlaceResult &place)
{
    return toHttp(place, 200, api::queuePlaceJson);
}

// A fast join's answer: the common one, waiting, is written straight as text (building the
// object and serializing it cost more than the rest of the join on the HTTP thread).
QHttpServerResponse joinReply(const PlaceResult &place)
{
    if (place && place->state == domain::QueuePlace::State::Waiting)
        return jsonReply(api::waitingPlaceText(place->waiting));
    return placeReply(place);
}

} // namespace

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
            return services.sales.joinQueueAsync(caller,
                                                 eventId,
                                                 request.remoteAddress,
                                                 [respond](const PlaceResult &place) {
                                                     respond(joinReply(place));
                                                 });
        },
        [&services](const QString &eventId, const Request &request) {
            const auto caller = services.authenticator.authenticate(request);
            return placeReply(services.sales.joinQueue(caller, eventId, request.remoteAddress));
        });
    server.routeTwoIds(QStringLiteral("/events/<arg>/queue/<arg>"),
                       QHttpServerRequest::Method::Get,
                       [&services](const QString &eventId,
                                   const QString &queueId,
                                   const Request &request) {
                           const auto caller = services.authenticator.authenticate(request);
                           return placeReply(services.sales.queueStatus(caller, eventId, queueId));
                       });
}

} // namespace boxoffice::server::http
