// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Seats held back from sale and the allocations they may belong to (migration 0092).

#include <QString>
#include <QStringList>

namespace boxoffice::server::db {

/// One held-back seat: `kind` is kill, house or allocation (then `allocation` names it).
struct HeldBackSeat
{
    QString seatId;
    QString kind;
    QString allocation; ///< empty unless kind is allocation
};

/// A named allocation of an event, with how many seats it holds now.
struct Allocation
{
    QString name;
    int seats = 0;
    bool counterSale = false; ///< a clerk may sell its seats at the counter
};

/// An allocation the counter may sell, with its seats held back now (for the clerk's map).
struct CounterAllocation
{
    QString name;
    QStringList seats; ///< sorted
};

/// A requested seat under its row lock, as the hold statements would see it.
struct LockedSeat
{
    QString seatId;
    QString status; ///< available (also an expired hold), held, sold or blocked
};

} // namespace boxoffice::server::db
