// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/pricing.h"
#include "domain/vouchers.h"

#include <QJsonArray>
#include <QJsonObject>

namespace boxoffice::server::api {

/// The body of POST /vouchers and PUT /vouchers/{code} (docs/pricing.md). 400 bad_request for a
/// wrong JSON type or an unknown member; 422 invalid_field naming the member for a value a rule
/// refuses (a percentage above 100, a negative amount, an end before the start).
db::Voucher parseVoucher(const QJsonObject &body);
/// The body of PUT /holds/{id}/voucher: `{"code": "SPRING20"}`.
QString parseVoucherCode(const QJsonObject &body);

QJsonObject voucherJson(const db::Voucher &voucher);
QJsonObject vouchersJson(const QList<db::Voucher> &vouchers);
/// POST /events/{id}/unlock: `{"code", "allocation", "seats": [...]}`.
QJsonObject unlockedSeatsJson(const domain::UnlockedSeats &unlocked);

} // namespace boxoffice::server::api
