// SPDX-License-Identifier: GPL-3.0-or-later
#include "ordercontroller.h"

#include "api/countercodec.h"
#include "api/counterpaymentcodec.h"
#include "api/orderchangecodec.h"
#include "api/ordercodec.h"
#include "api/paymentcodec.h"
#include "api/refundcodec.h"
#include "api/saleops.h"
#include "api/sessioncookie.h"
#include "apiserver.h"
#include "authenticator.h"
#include "domain/countersales.h"
#include "domain/countertickets.h"
#include "domain/holdgate.h"
#include "domain/holdservice.h"
#include "domain/orderservice.h"
#include "domain/paymentservice.h"
#include "jsonbody.h"
#include "reply.h"
#include "resultreply.h"

#include <QJsonArray>

namespace boxoffice::server::http {

using domain::Error;
using domain::ErrorCode;

namespace {

std::optional<QString> idempotencyKey(const Request &request)
{
    if (!request.hasHeader("idempotency-key"))
        return std::nullopt;
    return QString::fromLatin1(request.header("idempotency-key"));
}

// `return_url` of an online order: an absolute http(s) URL of this very site (the Host the
// request came to), so the provider's page can only send the buyer back here.
QString returnUrl(const QJsonObject &body, const Request &request)
{
    const QJsonValue value = body.value(u"return_url");
    if (value.isUndefined() || value.isNull())
        return {};
    const Error refused(ErrorCode::InvalidReturnUrl,
                        QStringLiteral("`return_url` must be an http(s) URL of this site"));
    if (!value.isString() || value.toString().size() > 2048)
        throw refused;
    const QUrl url(value.toString(), QUrl::StrictMode);
    if (!url.isValid() || (url.scheme() != u"http" && url.scheme() != u"https")
        || url.host().isEmpty() || !url.userInfo().isEmpty())
        throw refused;
    const QByteArray origin = url.adjusted(QUrl::RemovePath | QUrl::RemoveQuery
                                           | QUrl::RemoveFragment)
                                  .toString(QUrl::FullyEncoded)
                                  .toUtf8();
    if (!api::SessionCookie::sameOrigin(origin, request.header("host")))
        throw refused;
    return url.toString(QUrl::FullyEncoded);
}

// POST /orders read: the caller, the body (an online order, or a counter sale with `payment`
// and the optional `email`/`locale` of its fan) and the Idempotency-Key.
api::OrderCreate orderCreate(Services &services, const Request &request)
{
    api::OrderCreate order{.caller = services.authenticator.authenticate(request),
                           .peer = request.remoteAddress};
    const QJsonObject body = JsonBody::parseObject(request.body);
    order.order.holdId = api::orderHoldId(body,
                                          {QStringLiteral("return_url"),
                                           QStringLiteral("email"),
                                           QStringLiteral("locale")});
    order.order.idempotencyKey = idempotencyKey(request);
    if (body.contains(u"payment")) {
        order.payment = api::parseCounterPayment(body.value(u"payment"));
        order.contact = api::parseSaleContact(body);
        return order;
    }
    if (body.contains(u"email") || body.contains(u"locale"))
        throw Error(ErrorCode::BadRequest,
                    QStringLiteral("`email` and `locale` name the fan of a "
                                   "counter sale; online orders use the account"));
    order.order.returnUrl = returnUrl(body, request);
    return order;
}

} // namespace

void OrderController::registerRoutes(ApiServer &server, Services &services)
{
    server.route(QStringLiteral("/orders"),
                 QHttpServerRequest::Method::Post,
                 [&services](const Request &request) {
                     return toHttp(api::placedOrderAnswer(
                         services.sales.placeOrder(orderCreate(services, request))));
                 });
    server.routeId(QStringLiteral("/orders/<arg>"),
                   QHttpServerRequest::Method::Get,
                   [&services](const QString &id, const Request &request) {
                       const auto caller = services.authenticator.authenticate(request);
                       return toHttp(services.sales.findOrder(caller, id), 200, api::orderJson);
                   });
    // Will-call: a clerk finds orders by order id, e-mail, name or a scanned ticket code.
    server.route(QStringLiteral("/orders"),
                 QHttpServerRequest::Method::Get,
                 [&services](const Request &request) {
                     const auto caller = services.authenticator.require(request, auth::Role::Clerk);
                     const QString query = request.query.queryItemValue(QStringLiteral("q"),
                                                                        QUrl::FullyDecoded);
                     return toHttp(services.counterTickets.searchOrders(caller, query),
                                   200,
                                   api::counterOrdersJson);
                 });
    server.routeId(QStringLiteral("/orders/<arg>/exchange"),
                   QHttpServerRequest::Method::Post,
                   [&services](const QString &id, const Request &request) {
                       const auto caller = services.authenticator.require(request,
                                                                          auth::Role::Clerk);
                       const auto exchange = api::exchangeRequest(
                           JsonBody::parseObject(request.body));
                       const auto exchanged = services.counterSales.exchange(caller,
                                                                             id,
                                                                             exchange,
                                                                             idempotencyKey(request),
                                                                             api::exchangeCodec());
                       if (exchanged) {
                           // The old seat is free again: no cache or lease may refuse it.
                           const QString &eventId = exchanged->order.eventId;
                           const QStringList freed{exchanged->fromSeat};
                           services.holdGate.seatsFreed(eventId, freed);
                       }
                       return toHttp(exchanged, 200, api::exchangeJson);
                   });
    server.routeId(QStringLiteral("/orders/<arg>/printed"),
                   QHttpServerRequest::Method::Post,
                   [&services](const QString &id, const Request &request) {
                       const auto caller = services.authenticator.require(request,
                                                                          auth::Role::Clerk);
                       const auto printed = api::parsePrintRequest(
                           JsonBody::parseObject(request.body));
                       return toHttp(services.counterTickets.printed(caller, id, printed),
                                     200,
                                     api::printedTicketsJson);
                   });
    // Will-call: the tickets mailed again (202: queued in the mail outbox).
    server.routeId(QStringLiteral("/orders/<arg>/mail"),
                   QHttpServerRequest::Method::Post,
                   [&services](const QString &id, const Request &request) {
                       const auto caller = services.authenticator.require(request,
                                                                          auth::Role::Clerk);
                       const QJsonObject body = JsonBody::parseObjectOrEmpty(request.body);
                       return toHttp(services.counterTickets.mailAgain(caller,
                                                                       id,
                                                                       api::parseMailAgain(body),
                                                                       idempotencyKey(request),
                                                                       api::mailQueuedCodec()),
                                     202,
                                     api::mailQueuedJson);
                   });
    server.route(QStringLiteral("/me/orders"),
                 QHttpServerRequest::Method::Get,
                 [&services](const Request &request) {
                     const auto caller = services.authenticator.authenticate(request);
                     return toHttp(api::orderListAnswer(services.orders.list(caller)));
                 });
    server.routeId(QStringLiteral("/orders/<arg>/refund"),
                   QHttpServerRequest::Method::Post,
                   [&services](const QString &id, const Request &request) {
                       const auto caller = services.authenticator.require(request,
                                                                          auth::Role::Clerk);
                       const QJsonObject body = JsonBody::parseObjectOrEmpty(request.body);
                       const auto refund = services.counterSales.refund(caller,
                                                                        id,
                                                                        api::refundTicketIds(body),
                                                                        idempotencyKey(request),
                                                                        api::refundCodec());
                       if (refund) {
                           // Only the seats this refund freed (a partial one leaves others sold).
                           const QString &eventId = refund->order.eventId;
                           const QStringList seats = refund->freedSeats();
                           services.holdGate.seatsFreed(eventId, seats);
                       }
                       return toHttp(refund, 200, api::refundJson);
                   });
    // The provider's webhook: authenticated by its signature over the raw body, not a token.
    server.route(QStringLiteral("/payments/webhook"),
                 QHttpServerRequest::Method::Post,
                 [&services](const Request &request) {
                     return toHttp(api::webhookAnswer(
                         services.payments.webhook(request.header("payment-signature"),
                                                   request.body)));
                 });
}

} // namespace boxoffice::server::http
