// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What happens to holds, as the rest of the system hears of it (through the outbox). Plain
// values only: db's outbox codec includes these headers, so they include nothing of domain.

#include <QString>
#include <QStringList>

namespace boxoffice::server::domain::events {

/// A hold took seats (best available) or places in a GA zone.
struct HoldPlaced
{
    QString eventId;
    QString holdId;
    QStringList seats; ///< empty for a GA hold
    QString gaZone;    ///< empty for a seated hold
    int gaQuantity = 0;
};

/// A hold was let go before it was paid: its seats and GA places are free again.
struct HoldReleased
{
    QString eventId;
    QString holdId;
    QStringList seats; ///< the seats it freed (none when all had gone already)
    QString gaZone;    ///< empty when it held no GA places
    int gaQuantity = 0;
};

/// Expired GA holds of one zone gave their places back (found while taking or sweeping).
struct GaHoldsExpired
{
    QString eventId;
    QString gaZone;
    int quantity = 0;
};

} // namespace boxoffice::server::domain::events
