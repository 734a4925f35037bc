// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/order.h"

#include <QJsonObject>

namespace boxoffice::server::api {

/// The Order that api::orderJson wrote as `json`: every member it writes is read back, so
/// orderJson(orderFromJson(orderJson(order))) is the same JSON (a replayed answer).
domain::Order orderFromJson(const QJsonObject &json);
/// The Ticket that Ticket::toJson wrote as `json`.
domain::Ticket ticketFromJson(const QJsonObject &json);

} // namespace boxoffice::server::api
