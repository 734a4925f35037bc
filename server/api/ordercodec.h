// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "api/answer.h"
#include "domain/idempotency.h"
#include "domain/orderservice.h"

#include <core/protocol/order.h>

#include <QJsonObject>
#include <QStringList>

namespace boxoffice::server::api {

/// API.md's Ticket object, as an order lists it (`price_cents` when read with its order).
QJsonObject ticketJson(const domain::Ticket &ticket);
/// The wire Order of an order: what API.md's Order object shows of it.
protocol::Order orderWire(const domain::Order &order);
/// API.md's Order object.
QJsonObject orderJson(const domain::Order &order);

/// Reads the body of POST /orders (or the params of the WebSocket op order.create): refuses
/// members other than `hold_id`, `payment` and the transport's own `transportMembers`, and
/// answers `hold_id` (a required string) in its canonical spelling. Throws Error(BadRequest).
QString orderHoldId(const QJsonObject &body, const QStringList &transportMembers);

/// How an online order's first answer is kept for replays: 201 (a new order) or 200 (the
/// hold's own) with `{"order_id"}`, or the problem: the rows the untyped store kept.
domain::AnswerCodec<domain::OrderClaim> orderClaimCodec();

/// The answer to an online order: 201 with a new order, 200 with the hold's existing one, or
/// the problem.
Answer placedOrderAnswer(const domain::Result<domain::PlacedOrder> &placed);
/// GET /me/orders: 200 with `{"items":[...]}`, or the problem.
Answer orderListAnswer(const domain::Result<QList<domain::Order>> &orders);

} // namespace boxoffice::server::api
