// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/exchange.h"
#include "domain/idempotency.h"
#include "domain/refund.h"

#include <QJsonObject>

namespace boxoffice::server::api {

/// The answer to POST /orders/{id}/refund: the order plus `refund` {amount_cents, ticket_ids}.
QJsonObject refundJson(const domain::Refund &refund);
/// How a refund's first answer is kept for replays (200 with refundJson, or the problem).
domain::AnswerCodec<domain::Refund> refundCodec();

/// The answer to POST /orders/{id}/exchange: the order plus `exchange` {old_ticket_id,
/// from_seat, ticket, difference_cents, change_cents}.
QJsonObject exchangeJson(const domain::Exchange &exchange);
/// How an exchange's first answer is kept for replays (200 with exchangeJson, or the problem).
domain::AnswerCodec<domain::Exchange> exchangeCodec();

} // namespace boxoffice::server::api
