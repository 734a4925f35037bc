#pragma once

#include "domain/idempotency.h"
#include "domain/refund.h"

#include <QJsonObject>

namespace boxoffice::server::api {

/// The answer to POST /orders/{id}/refund: the order plus `refund` {amount_cents, ticket_ids}.
QJsonObject refundJson(const domain::Refund &refund);
/// How a refund's first answer is kept for replays (200 with refundJson, or the problem).
domain::AnswerCodec<domain::Refund> refundCodec();

} // namespace boxoffice::server::api
