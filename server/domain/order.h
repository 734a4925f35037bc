// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/order.h"

#include <QDateTime>
#include <QList>
#include <QString>

#include <optional>

namespace boxoffice::server::domain {

using db::Order;
using db::OrderContext;
using db::PaymentAttempt;
using db::Ticket;

} // namespace boxoffice::server::domain
