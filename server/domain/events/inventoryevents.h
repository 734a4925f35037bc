// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Seats a manager takes out of sale and gives back, as the seat map hears of it (through the
// outbox). Plain values only: db's outbox codec includes these headers.

#include <QString>
#include <QStringList>

namespace boxoffice::server::domain::events {

/// Free seats held back from sale (blocked on the map).
struct SeatsHeldBack
{
    QString eventId;
    QStringList seats;
};

/// Held-back seats back on sale.
struct HeldBackSeatsReleased
{
    QString eventId;
    QStringList seats;
};

/// An allocation's hold ended: its unsold seats go back to the allocation (still blocked).
struct AllocationSeatsReturned
{
    QString eventId;
    QString holdId;
    QString allocation;
    QStringList seats;
};

} // namespace boxoffice::server::domain::events
