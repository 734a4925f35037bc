// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>

namespace boxoffice::server::db {

/// One way an event's tickets, seats, orders, payments and transaction log disagree.
struct Difference
{
    QString check;   ///< which rule: ticket_seat_not_sold, log_sales, ... (docs/transactions.md)
    QString subject; ///< the order, ticket, seat or GA area concerned
    QString detail;  ///< what disagrees, with both sides' figures
};

/// An event's reconciliation: what was checked and every difference found (none: they agree).
struct ReconcileReport
{
    QString eventId;
    QString title;
    qint64 orders = 0;
    qint64 tickets = 0;
    int checks = 0; ///< how many rules were checked
    QList<Difference> differences;
};

} // namespace boxoffice::server::db
