// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/exchanges.h"

#include <QJsonObject>
#include <QStringList>

#include <optional>

namespace boxoffice::server::api {

/// Reads the body of POST /orders/{id}/refund: empty or without `ticket_ids` = the whole order
/// (nullopt); otherwise a non-empty array of ticket ids, lower case, duplicates dropped.
/// Throws Error(BadRequest).
std::optional<QStringList> refundTicketIds(const QJsonObject &body);

/// Reads the body of POST /orders/{id}/exchange, `{"ticket_id","seat_id"|"ga_id","payment"?}`.
/// Throws Error(BadRequest).
domain::Exchanges::Request exchangeRequest(const QJsonObject &body);

} // namespace boxoffice::server::api
