// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Inside domain only (it names db's NewOrder): online orders and counter sales price their
// hold here, in the transaction that makes the order (docs/pricing.md).

#include "pricecalculator.h"

#include "principal.h"

#include "db/orderrepository.h"

namespace boxoffice::server::domain {

/// An order row priced by the event's rules, with the lines it was priced in.
struct PricedOrder
{
    db::NewOrder row;
    Quote quote;
};

/// The hold priced for `channel` (the row's amount, fees, tax and kept part set), after locking
/// its limited ticket types and counting their sales (LimitExceeded, `field` types.<seat>).
PricedOrder priceOrder(db::Tx &tx,
                       const db::Hold &hold,
                       const QString &owner,
                       const QString &channel);
/// The caller's hold, locked, still live (NotFound for another's, HoldExpired).
db::Hold liveHold(db::Tx &tx, const Principal &caller, const QString &holdId);
/// What the hold costs on `channel` now, with the voucher entered on it (checked, not locked).
Quote quoteHold(db::Tx &tx, const db::Hold &hold, const QString &owner, const QString &channel);

/// Once the order row exists: its lines, before any ticket is issued.
void recordLines(db::Tx &tx, const QString &orderId, const PricedOrder &priced);

} // namespace boxoffice::server::domain
