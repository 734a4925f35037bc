// SPDX-License-Identifier: GPL-3.0-or-later
#include "transfercontroller.h"

#include "api/transfercodec.h"
#include "apiserver.h"
#include "authenticator.h"
#include "domain/loginguard.h"
#include "jsonbody.h"
#include "resultreply.h"

namespace boxoffice::server::http {

namespace {

const QString kToken = QStringLiteral("token");

// The token travels in the body (never in a path a log keeps), as the account links' do.
QString tokenOf(const Request &request)
{
    const JsonBody body(JsonBody::parseObject(request.body));
    body.onlyFields({kToken});
    return body.requireString(kToken, 200);
}

QHttpServerResponse noStore(QHttpServerResponse out)
{
    out.setHeader("Cache-Control", "no-store");
    return out;
}

} // namespace

void TransferController::registerRoutes(ApiServer &server, Services &services)
{
    server.routeId(QStringLiteral("/tickets/<arg>/transfer"),
                   QHttpServerRequest::Method::Post,
                   [&services](const QString &id, const Request &request) {
                       const auto caller = services.authenticator.authenticate(request);
                       const JsonBody body(JsonBody::parseObject(request.body));
                       body.onlyFields({QStringLiteral("email")});
                       const QString email = body.requireString(QStringLiteral("email"), 254);
                       return toHttp(services.transfers.offer(caller, id, email),
                                     202,
                                     api::pendingTransferJson);
                   });
    server.routeId(QStringLiteral("/tickets/<arg>/transfer"),
                   QHttpServerRequest::Method::Delete,
                   [&services](const QString &id, const Request &request) {
                       const auto caller = services.authenticator.authenticate(request);
                       const auto cancelled = services.transfers.cancel(caller, id);
                       return cancelled ? toHttp({204, {}}) : problem(cancelled.error());
                   });
    server.route(QStringLiteral("/transfers/lookup"),
                 QHttpServerRequest::Method::Post,
                 [&services](const Request &request) {
                     const QString token = tokenOf(request);
                     services.loginGuard.admit("transfer-link",
                                               request.remoteAddress,
                                               token.left(16));
                     return noStore(
                         toHttp(services.transfers.lookup(token), 200, api::transferOfferJson));
                 });
    server.route(QStringLiteral("/transfers/accept"),
                 QHttpServerRequest::Method::Post,
                 [&services](const Request &request) {
                     const auto caller = services.authenticator.authenticate(request);
                     // A signed-in caller with a 256-bit token: nothing to guess here.
                     const QString token = tokenOf(request);
                     return noStore(toHttp(services.transfers.accept(caller, token),
                                           200,
                                           api::acceptedTransferJson));
                 });
    server.route(QStringLiteral("/me/transfers"),
                 QHttpServerRequest::Method::Get,
                 [&services](const Request &request) {
                     const auto caller = services.authenticator.authenticate(request);
                     return noStore(
                         toHttp(services.transfers.mine(caller), 200, api::myTransfersJson));
                 });
}

} // namespace boxoffice::server::http
