// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/order.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace boxoffice::server::db {

class Tx;

/// What a sale does to inventory and tickets: a paid order's held seats and GA places become
/// sold and get tickets; a refund voids the tickets and gives the places back.
class TicketSaleRepository
{
public:
    /// The order's tickets with their prices (valid first).
    static QList<Ticket> ticketsOf(Tx &tx, const QString &orderId);

    /// Locks the seats still held by `holdId` among `seats`; returns them.
    static QStringList lockHeldSeats(Tx &tx,
                                     const QString &eventId,
                                     const QString &holdId,
                                     const QStringList &seats);
    static void sellSeats(Tx &tx,
                          const QString &eventId,
                          const QString &holdId,
                          const QStringList &seats);
    static void sellGa(Tx &tx, const QString &eventId, const QString &gaId, int quantity);
    /// A new valid ticket; one that replaces `replacedTicketId` (an exchange) keeps its holder.
    static void insertTicket(Tx &tx,
                             const QString &ticketId,
                             const QString &orderId,
                             const QString &eventId,
                             const QString &seatId,
                             const QString &gaId,
                             const QString &code,
                             const QString &replacedTicketId = {});

    /// Voids the order's valid tickets; returns them as they were.
    static QList<Ticket> voidTickets(Tx &tx, const QString &orderId);
    /// Sold seats back to available (refund).
    static void freeSoldSeats(Tx &tx, const QString &eventId, const QStringList &seats);
    static void unsellGa(Tx &tx, const QString &eventId, const QString &gaId, int quantity);
};

} // namespace boxoffice::server::db
