// SPDX-License-Identifier: GPL-3.0-or-later
#include "holdcontroller.h"

#include "api/holdcodec.h"
#include "api/holdrequest.h"
#include "api/saleops.h"
#include "apiserver.h"
#include "authenticator.h"
#include "jsonbody.h"
#include "resultreply.h"

namespace boxoffice::server::http {

void HoldController::registerRoutes(ApiServer &server, Services &services)
{
    // Two stages (api::SaleOps): the caller and the body are checked on the HTTP thread, where
    // a conflict known from memory is answered at once, so 990 losers of a 10-seat sale never
    // queue behind the winners' transactions; the rest goes to the workers as it was read.
    const Prepare createHold =
        [&services](const Request &request) -> std::variant<QHttpServerResponse, Work> {
        api::HoldCreate hold{.caller = services.authenticator.authenticate(request),
                             .hold = api::parseHoldRequest(JsonBody::parseObject(request.body)),
                             .admissionToken = request.header("x-admission-token"),
                             .peer = request.remoteAddress};
        if (request.hasHeader("idempotency-key"))
            hold.idempotencyKey = QString::fromLatin1(request.header("idempotency-key"));
        auto admitted = services.sales.admitHold(hold);
        if (!admitted)
            return problem(admitted.error());
        return [&services, admitted = std::move(admitted).value()] {
            return toHttp(services.sales.createHold(admitted), 201, api::holdJson);
        };
    };
    server.routePrepared(QStringLiteral("/holds"), QHttpServerRequest::Method::Post, createHold);
    server.routeId(QStringLiteral("/holds/<arg>"),
                   QHttpServerRequest::Method::Get,
                   [&services](const QString &id, const Request &request) {
                       const auto caller = services.authenticator.authenticate(request);
                       return toHttp(services.sales.findHold(caller, id), 200, api::holdJson);
                   });
    server.routeId(QStringLiteral("/holds/<arg>"),
                   QHttpServerRequest::Method::Delete,
                   [&services](const QString &id, const Request &request) {
                       const auto caller = services.authenticator.authenticate(request);
                       const auto released = services.sales.releaseHold(caller, id);
                       return released ? toHttp({204, {}}) : problem(released.error());
                   });
}

} // namespace boxoffice::server::http
