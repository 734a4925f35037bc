// SPDX-License-Identifier: GPL-3.0-or-later
#include "ordercodec.h"

#include "problem.h"
#include "storedanswer.h"

#include "domain/ids.h"

#include <QJsonArray>

namespace boxoffice::server::api {

using domain::Error;
using domain::ErrorCode;

QJsonObject ticketJson(const domain::Ticket &ticket)
{
    return ticket.toJson();
}

protocol::Order orderWire(const domain::Order &order)
{
    protocol::Order out;
    out.id = order.id;
    out.holdId = order.holdId;
    out.eventId = order.eventId;
    out.status = order.status;
    out.amountCents = order.amountCents;
    out.refundedCents = order.refundedCents;
    out.currency = order.currency;
    if (const auto &attempt = order.attempt) {
        out.payment.provider = attempt->provider;
        out.payment.intentId = attempt->intentId;
        out.payment.clientSecret = attempt->clientSecret;
        out.payment.status = attempt->status;
    }
    out.payment.method = order.paymentMethod;
    out.payment.pageUrl = order.paymentPageUrl;
    out.tickets = order.tickets;
    out.channel = order.channel;
    out.createdAt = order.createdAt;
    out.changeCents = order.changeCents;
    out.lines = order.lines;
    out.feeCents = order.feeCents;
    out.taxCents = order.taxCents;
    out.refundedTaxCents = order.refundedTaxCents;
    return out;
}

QJsonObject orderJson(const domain::Order &order)
{
    return orderWire(order).toJson();
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
