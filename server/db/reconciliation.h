// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>

#include <optional>

namespace boxoffice::server::db {

class Tx;

/// One way an event's tickets, seats, orders, payments and transaction log disagree.
struct Difference
{
    QString check;   ///< which rule: ticket_seat_not_sold, log_sales, ... (docs/transactions.md)
    QString subject; ///< the order, ticket, seat or GA area concerned
    QString detail;  ///< what disagrees, with both sides' figures
};

/// What `boxoffice-server reconcile` checks, all read in one snapshot.
class Reconciliation
{
public:
    /// The event's title, or nothing when there is no such event.
    static std::optional<QString> eventTitle(Tx &tx, const QString &eventId);
    /// Every difference for the event, check by check; empty when everything agrees.
    static QList<Difference> differences(Tx &tx, const QString &eventId);
    /// How many orders and tickets the event has (for the summary line).
    static std::pair<qint64, qint64> counted(Tx &tx, const QString &eventId);
};

} // namespace boxoffice::server::db
