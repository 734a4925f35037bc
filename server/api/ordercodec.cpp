// SPDX-License-Identifier: GPL-3.0-or-later
#include "ordercodec.h"
#include "pricingcodec.h"

#include "problem.h"
#include "storedanswer.h"

#include "domain/ids.h"

#include <QJsonArray>

namespace boxoffice::server::api {

using domain::Error;
using domain::ErrorCode;

namespace {

QJsonValue orNull(const QString &text)
{
    return text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(text);
}

} // namespace

QJsonObject ticketJson(const domain::Ticket &ticket)
{
    QJsonObject out{{QStringLiteral("ticket_id"), ticket.id},
                    {QStringLiteral("event_id"), ticket.eventId},
                    {QStringLiteral("seat_id"), orNull(ticket.seatId)},
                    {QStringLiteral("ga_id"), orNull(ticket.gaId)},
                    {QStringLiteral("code"), ticket.code},
                    {QStringLiteral("status"), ticket.status}};
    if (ticket.priceCents)
        out.insert(u"price_cents", *ticket.priceCents);
    if (ticket.transferred)
        out.insert(u"transferred", true);
    return out;
}

QJsonObject orderJson(const domain::Order &order)
{
    QJsonObject payment{{QStringLiteral("provider"), QJsonValue::Null},
                        {QStringLiteral("intent_id"), QJsonValue::Null},
                        {QStringLiteral("client_secret"), QJsonValue::Null},
                        {QStringLiteral("status"), QJsonValue::Null}};
    if (const auto &attempt = order.attempt) {
        payment = QJsonObject{{QStringLiteral("provider"), attempt->provider},
                              {QStringLiteral("intent_id"), orNull(attempt->intentId)},
                              {QStringLiteral("client_secret"), orNull(attempt->clientSecret)},
                              {QStringLiteral("status"), attempt->status}};
    }
    payment.insert(u"method", order.paymentMethod);
    if (!order.paymentPageUrl.isEmpty())
        payment.insert(u"page_url", order.paymentPageUrl);
    QJsonArray tickets;
    for (const domain::Ticket &ticket : order.tickets)
        tickets.append(ticketJson(ticket));
    QJsonObject out{{QStringLiteral("order_id"), order.id},
                    {QStringLiteral("hold_id"), order.holdId},
                    {QStringLiteral("event_id"), order.eventId},
                    {QStringLiteral("status"), order.status},
                    {QStringLiteral("amount_cents"), order.amountCents},
                    {QStringLiteral("refunded_cents"), order.refundedCents},
                    {QStringLiteral("currency"), order.currency},
                    {QStringLiteral("payment"), payment},
                    {QStringLiteral("tickets"), tickets},
                    {QStringLiteral("channel"), order.channel},
                    {QStringLiteral("created_at"),
                     order.createdAt.toUTC().toString(Qt::ISODateWithMs)}};
    if (order.changeCents)
        out.insert(u"change_cents", *order.changeCents);
    // What it was sold for, line by line (docs/pricing.md); orders from before have none.
    if (!order.lines.isEmpty()) {
        out.insert(u"lines", api::priceLinesJson(order.lines));
        out.insert(u"fee_cents", order.feeCents);
        out.insert(u"tax_cents", order.taxCents);
        out.insert(u"refunded_tax_cents", order.refundedTaxCents);
    }
    return out;
}

QString orderHoldId(const QJsonObject &body, const QStringList &transportMembers)
{
    for (auto it = body.begin(); it != body.end(); ++it) {
        if (it.key() != u"hold_id" && it.key() != u"payment" && !transportMembers.contains(it.key()))
            throw Error(ErrorCode::BadRequest, QStringLiteral("unknown field `%1`").arg(it.key()));
    }
    const QJsonValue holdId = body.value(u"hold_id");
    if (!holdId.isString() || holdId.toString().isEmpty())
        throw Error(ErrorCode::BadRequest,
                    QStringLiteral("`hold_id` is required and must be a string"));
    return domain::canonicalId(holdId.toString());
}

domain::AnswerCodec<domain::OrderClaim> orderClaimCodec()
{
    return {[](const domain::OrderClaim &claim) {
                return storedJson(claim.created ? 201 : 200,
                                  {{QStringLiteral("order_id"), claim.orderId}});
            },
            [](const domain::StoredAnswerText &stored) {
                return domain::OrderClaim{storedObject(stored).value(u"order_id").toString(),
                                          stored.status == 201};
            },
            storedProblem,
            storedError};
}

Answer placedOrderAnswer(const domain::Result<domain::PlacedOrder> &placed)
{
    if (!placed)
        return problem(placed.error());
    return Answer{placed->created ? 201 : 200, orderJson(placed->order)};
}

Answer orderListAnswer(const domain::Result<QList<domain::Order>> &orders)
{
    if (!orders)
        return problem(orders.error());
    QJsonArray items;
    for (const domain::Order &order : *orders)
        items.append(orderJson(order));
    return Answer{200, QJsonObject{{QStringLiteral("items"), items}}};
}

} // namespace boxoffice::server::api
