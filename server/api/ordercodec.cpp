// SPDX-License-Identifier: GPL-3.0-or-later
#include "ordercodec.h"

#include "problemanswer.h"
#include "storedanswer.h"

#include "domain/ids.h"

#include <QJsonArray>

namespace boxoffice::server::api {

using domain::Error;
using domain::ErrorCode;
using domain::Response;

QJsonObject orderJson(const domain::Order &order)
{
    // Order::toJson stays in domain while the box office's answers are still JSON built there;
    // its body moves here with the last of them.
    return order.toJson();
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

Response placedOrderAnswer(const domain::Result<domain::PlacedOrder> &placed)
{
    if (!placed)
        return problemAnswer(placed.error());
    return Response{placed->created ? 201 : 200, orderJson(placed->order)};
}

Response orderAnswer(const domain::Result<domain::Order> &order)
{
    if (!order)
        return problemAnswer(order.error());
    return Response{200, orderJson(*order)};
}

Response orderListAnswer(const domain::Result<QList<domain::Order>> &orders)
{
    if (!orders)
        return problemAnswer(orders.error());
    QJsonArray items;
    for (const domain::Order &order : *orders)
        items.append(orderJson(order));
    return Response{200, QJsonObject{{QStringLiteral("items"), items}}};
}

} // namespace boxoffice::server::api
