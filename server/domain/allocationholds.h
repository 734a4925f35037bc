// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Private to domain: a clerk's hold on seats of an allocation (docs/back-office.md, "Selling an
// allocation at the counter"), for HoldService.

#include "error.h"
#include "hold.h"

namespace boxoffice::server::db {
class Tx;
enum class HoldOutcome;
} // namespace boxoffice::server::db

namespace boxoffice::server::domain {

/// The hold, all or nothing: the allocation exists and a manager lets the counter sell it (or
/// `unlockedByCode`: the caller checked a code that opens it), and every seat is held back for it
/// now; throws Error (not_found, allocation_not_for_sale, seat_unavailable with the seats, or the
/// sale's refusal).
Hold holdFromAllocation(db::Tx &tx,
                        const QString &owner,
                        const HoldRequest &request,
                        const QString &holdId,
                        bool unlockedByCode = false);
/// Gives the seats an allocation hold still has back to its allocation, with the outbox row;
/// answers them. The caller ends the hold.
QStringList returnToAllocation(db::Tx &tx, const Hold &hold);

/// The holds trigger's refusals (the event's sale state by the database's clock).
Error saleRefusal(db::HoldOutcome why);

} // namespace boxoffice::server::domain
