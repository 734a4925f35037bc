// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/holdback.h"

#include <QList>
#include <QStringList>

#include <optional>

namespace boxoffice::server::db {

class Tx;

/// Seats held back from sale (`holdbacks`, `allocations`; migration 0092). Inventory rows are
/// always locked first, in seat id order (as the hold statements lock them), then the holdback
/// rows: two managers, or a manager and fans, never deadlock.
class HoldbackRepository
{
public:
    static bool eventExists(Tx &tx, const QString &eventId);
    /// Locks the seats of `seatIds` that exist, in seat id order (FOR NO KEY UPDATE, like the
    /// hold statements' UPDATE), and answers their status under the lock.
    static QList<LockedSeat> lockSeats(Tx &tx, const QString &eventId, const QStringList &seatIds);
    /// The holdback rows of `seatIds` (read after lockSeats, in a statement of its own so that it
    /// sees what a manager who held the lock before committed).
    static QList<HeldBackSeat> heldBack(Tx &tx, const QString &eventId, const QStringList &seatIds);
    /// The seats held back as `kind` (empty: any), of `allocation` (empty: any).
    static QStringList seatsOfKind(Tx &tx,
                                   const QString &eventId,
                                   const QString &kind,
                                   const QString &allocation);
    static void ensureAllocation(Tx &tx, const QString &eventId, const QString &name);
    /// Writes (or rewrites) the holdback rows of `seatIds`.
    static void upsert(Tx &tx,
                       const QString &eventId,
                       const QStringList &seatIds,
                       const HeldBackSeat &kind,
                       const QString &actor);
    /// Blocks locked, free seats (available or an expired hold); answers how many.
    static int block(Tx &tx, const QString &eventId, const QStringList &seatIds);
    /// Deletes the holdback rows of `seatIds` and makes those seats available again; answers
    /// the rows deleted (the seats released), sorted.
    static QList<HeldBackSeat> release(Tx &tx, const QString &eventId, const QStringList &seatIds);
    static QList<HeldBackSeat> list(Tx &tx, const QString &eventId);
    static QList<Allocation> allocations(Tx &tx, const QString &eventId);
    /// The allocation, its row locked (FOR NO KEY UPDATE: holdbacks referring to it may still
    /// be written); nullopt when the event has none of that name.
    static std::optional<Allocation> lockAllocation(Tx &tx,
                                                    const QString &eventId,
                                                    const QString &name);
    static void setCounterSale(Tx &tx, const QString &eventId, const QString &name, bool allowed);
};

} // namespace boxoffice::server::db
