// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/hold.h"
#include "db/rows/holdback.h"

#include <QList>
#include <QStringList>

#include <optional>

namespace boxoffice::server::db {

class Tx;

/// How `hold_allocation_seats` decided a clerk's hold on an allocation's seats.
enum class AllocationHoldOutcome {
    Created,
    NoAllocation,   ///< the event has no allocation of that name (or no such event)
    CounterSaleOff, ///< a manager has not let the counter sell it
    SeatUnavailable ///< `outside`: seats not held back for it now (sold, released, other kind)
};

struct AllocationHold
{
    AllocationHoldOutcome outcome = AllocationHoldOutcome::NoAllocation;
    std::optional<Hold> hold; ///< set when Created
    QStringList outside;
};

/// Clerks' holds on seats of an allocation (migration 0095): taken out of the allocation while
/// held, back in it when the hold ends unsold. Seats are locked in seat id order, as everywhere.
class AllocationHoldRepository
{
public:
    /// The hold, all or nothing (db/sql/hold_allocation_seats.sql), with its outbox row; the
    /// hold gets `holdId` when given. Throws SaleRefused when the event's sale refuses holds.
    /// `unlockedByCode`: a fan's code opened the allocation (checked by the caller in `tx`), so
    /// the counter's permission is not asked.
    static AllocationHold hold(Tx &tx,
                               const QString &eventId,
                               const QString &owner,
                               const QString &allocation,
                               const QStringList &sortedSeats,
                               const QString &holdId,
                               bool unlockedByCode = false);
    /// Gives the seats `hold` still holds back to its allocation (blocked, held back again by
    /// the hold's owner); answers them. The caller ends the hold and writes the outbox row.
    static QStringList returnSeats(Tx &tx, const Hold &hold);
    /// Sweeper: ends up to `limit` expired allocation holds and returns their seats (with
    /// outbox rows). Answers how many holds it ended.
    static int sweep(Tx &tx, int limit);
    /// The seats held back for `allocation` now (blocked), sorted.
    static QStringList heldBackSeats(Tx &tx, const QString &eventId, const QString &allocation);
    /// The event's allocations the counter may sell, with their seats held back now.
    static QList<CounterAllocation> forCounter(Tx &tx, const QString &eventId);
};

} // namespace boxoffice::server::db
