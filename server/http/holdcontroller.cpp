// SPDX-License-Identifier: GPL-3.0-or-later
#include "holdcontroller.h"

#include "apiserver.h"
#include "authenticator.h"
#include "domain/holdgate.h"
#include "domain/holdservice.h"
#include "jsonbody.h"
#include "reply.h"

namespace boxoffice::server::http {

void HoldController::registerRoutes(ApiServer &server, Services &services)
{
    // The fast lane: a conflict known from memory is answered on the HTTP thread, so 990
    // losers of a 10-seat sale never queue behind the winners' transactions.
    const FastLane fast = [&services](const Request &request) -> std::optional<QHttpServerResponse> {
        if (request.hasHeader("idempotency-key"))
            return std::nullopt;
        const auto caller = services.authenticator.authenticate(request);
        auto hold = domain::parseHoldRequest(JsonBody::parseObject(request.body));
        hold.admittedEventId = services.authenticator.admittedEvent(request, caller);
        if (const auto refused = services.holdGate.refuseOrClaim(caller, hold))
            return toHttp(*refused);
        return std::nullopt;
    };
    server.route(QStringLiteral("/holds"),
                 QHttpServerRequest::Method::Post,
                 fast,
                 [&services](const Request &request) {
                     const auto caller = services.authenticator.authenticate(request);
                     auto hold = domain::parseHoldRequest(JsonBody::parseObject(request.body));
                     hold.admittedEventId = services.authenticator.admittedEvent(request, caller);
                     std::optional<QString> key;
                     if (request.hasHeader("idempotency-key"))
                         key = QString::fromLatin1(request.header("idempotency-key"));
                     return toHttp(
                         services.holdGate.create(caller, hold, key, request.remoteAddress));
                 });
    server.routeId(QStringLiteral("/holds/<arg>"),
                   QHttpServerRequest::Method::Get,
                   [&services](const QString &id, const Request &request) {
                       const auto caller = services.authenticator.authenticate(request);
                       const auto hold = services.holds.find(caller, id);
                       return hold ? toHttp({200, hold->toJson()}) : problem(hold.error());
                   });
    server.routeId(QStringLiteral("/holds/<arg>"),
                   QHttpServerRequest::Method::Delete,
                   [&services](const QString &id, const Request &request) {
                       const auto caller = services.authenticator.authenticate(request);
                       const auto released = services.holdGate.release(caller, id);
                       return released ? toHttp({204, {}}) : problem(released.error());
                   });
}

} // namespace boxoffice::server::http
