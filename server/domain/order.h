// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/order.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace boxoffice::server::domain {

using db::Order;
using db::PaymentAttempt;
using db::Ticket;

/// `order` (Order::toJson()) without its payment's client secret: what staff views show.
QJsonObject withoutClientSecret(QJsonObject order);

} // namespace boxoffice::server::domain
