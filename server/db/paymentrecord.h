// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/counterpayment.h"

#include <QJsonObject>

namespace boxoffice::server::db {

/// The payment as it was asked, as the store keeps it: part of a sale's or exchange's
/// idempotency fingerprint and of its audit row (both stored, so their bytes must not change).
QJsonObject paymentRecord(const PaymentTender &payment);

} // namespace boxoffice::server::db
