// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/order.h"

#include <core/protocol/order.h>

#include <QJsonObject>

namespace boxoffice::server::api {

/// The Order that protocol::Order describes: every member orderWire() writes is read back, so
/// orderJson(orderFromWire(orderWire(order))) is the same JSON (a replayed answer).
domain::Order orderFromWire(const protocol::Order &wire);
/// The Order that api::orderJson wrote as `json` (a stored answer); throws Error(Unavailable)
/// when it cannot be read back.
domain::Order orderFromJson(const QJsonObject &json);
/// The Ticket that Ticket::toJson wrote as `json` (a stored answer), as orderFromJson.
domain::Ticket ticketFromJson(const QJsonObject &json);

} // namespace boxoffice::server::api
