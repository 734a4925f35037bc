// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/pricing.h"

namespace boxoffice::server::domain {

/// What a basket costs, line by line (docs/pricing.md).
struct Quote
{
    QList<db::PriceLine> lines;
    qint64 faceCents = 0;  ///< the tickets' lines
    qint64 feeCents = 0;   ///< the fee lines (their tax included)
    qint64 taxCents = 0;   ///< every line's tax
    qint64 totalCents = 0; ///< what the buyer pays: the sum of the line totals
    qint64 keptCents = 0;  ///< what no refund pays back: the fees, unless the event refunds them
    qint64 keptTaxCents = 0;
    qint64 discountCents = 0; ///< what the voucher took off the tickets' listed prices
    QString voucher;          ///< the code applied, as its manager typed it
};

/// Prices a basket by the event's rules for one channel, with no database: each ticket's face
/// (its type's price or the category's, plus a difference), its fee, the order's fee, and the
/// tax of each line rounded on that line, so the parts always add up to the total in cents.
/// Throws Error: InvalidField `types.<reference>` for an unknown type, a type of another
/// category or another channel; LimitExceeded for more of a type than one order may have.
/// A `voucher` lowers the faces of the tickets it covers (fees then follow the lower face);
/// VoucherNotApplicable when it covers none of them.
Quote priceBasket(const db::PriceRules &rules,
                  const QList<db::BasketPlace> &basket,
                  const QString &channel,
                  const db::Voucher *voucher = nullptr);

/// Whether the voucher lowers this place's price (its category and type are in its scope).
bool voucherCovers(const db::Voucher &voucher, const db::BasketPlace &place);
/// A face after the voucher: never below 0, never above the listed face.
qint64 voucherFace(const db::Voucher &voucher, qint64 face);

/// `amount * numerator / denominator`, rounded half up (amounts and rates are never negative).
qint64 roundedShare(qint64 amount, qint64 numerator, qint64 denominator);

} // namespace boxoffice::server::domain
