// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What happens to orders and sold places, as the rest of the system hears of it (through the
// outbox). Plain values only: db's outbox codec includes these headers.

#include <QMap>
#include <QString>
#include <QStringList>

namespace boxoffice::server::domain::events {

/// A fan's order was made for a hold (their order feed hears of it).
struct OrderCreated
{
    QString eventId;
    QString orderId;
    QString owner; ///< the principal's subject
};

/// An order was paid: its hold's seats and GA places are sold.
struct OrderPaid
{
    QString eventId;
    QString orderId;
    QStringList seats;
    QString gaZone;
    int gaQuantity = 0;
};

/// Sold places came free again (a refund or a cancelled order).
struct SoldPlacesFreed
{
    QString eventId;
    QStringList seats;
    QMap<QString, int> gaPlaces; ///< GA zone -> places freed there
};

/// One ticket's place, seat or GA zone (exactly one of them is set).
struct TicketPlace
{
    QString ticketId;
    QString seat;
    QString gaZone;
};

/// A clerk exchanged a ticket for another place: the old place is free, the new one sold.
struct TicketExchanged
{
    QString eventId;
    QString orderId;
    QString clerk; ///< the clerk's subject
    TicketPlace old;
    TicketPlace fresh;
};

} // namespace boxoffice::server::domain::events
