// SPDX-License-Identifier: GPL-3.0-or-later
#include "holdcontroller.h"

#include "api/holdcodec.h"
#include "api/holdrequest.h"
#include "apiserver.h"
#include "authenticator.h"
#include "domain/holdgate.h"
#include "domain/holdservice.h"
#include "jsonbody.h"
#include "resultreply.h"

namespace boxoffice::server::http {

void HoldController::registerRoutes(ApiServer &server, Services &services)
{
    // Two stages: the caller and the body are checked on the HTTP thread, where a conflict
    // known from memory is answered at once, so 990 losers of a 10-seat sale never queue behind
    // the winners' transactions; the rest goes to the workers as it was read.
    const Prepare createHold =
        [&services](const Request &request) -> std::variant<QHttpServerResponse, Work> {
        const auto caller = services.authenticator.authenticate(request);
        auto hold = api::parseHoldRequest(JsonBody::parseObject(request.body));
        hold.admittedEventId = services.authenticator.admittedEvent(request, caller);
        std::optional<QString> key;
        if (request.hasHeader("idempotency-key"))
            key = QString::fromLatin1(request.header("idempotency-key"));
        else if (const auto refused = services.holdGate.refuseOrClaim(caller, hold))
            return problem(*refused);
        return [&services, caller, hold, key, peer = request.remoteAddress] {
            return toHttp(services.holdGate.create(caller, hold, key, peer), 201, api::holdJson);
        };
    };
    server.routePrepared(QStringLiteral("/holds"), QHttpServerRequest::Method::Post, createHold);
    server.routeId(QStringLiteral("/holds/<arg>"),
                   QHttpServerRequest::Method::Get,
                   [&services](const QString &id, const Request &request) {
                       const auto caller = services.authenticator.authenticate(request);
                       const auto hold = services.holds.find(caller, id);
                       return toHttp(hold, 200, api::holdJson);
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
