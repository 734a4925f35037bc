// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "counterpayment.h"

#include <QJsonObject>

namespace boxoffice::server::domain {

/// The payment as it was asked, as the store keeps it: part of a sale's or exchange's
/// idempotency fingerprint and of its audit row (both stored, so their bytes must not change).
QJsonObject paymentRecord(const CounterPayment &payment);

} // namespace boxoffice::server::domain
