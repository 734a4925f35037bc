// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/order.h"
#include "domain/events/counteraudit.h"

#include <optional>

namespace boxoffice::server::db {

class Tx;

/// A clerk's shift row.
struct ShiftRow
{
    QString id;
    QString clerk;
    QString status;
    qint64 floatCents = 0;
    std::optional<qint64> countedCents;
    QString openedAt;
    QString closedAt;
};

/// Sums of a shift's entries per method and kind.
struct ShiftTotals
{
    QHash<QString, qint64> salesByMethod;
    QHash<QString, qint64> refundsByMethod;
    int salesCount = 0;
    int refundsCount = 0;
};

/// A ticket of a refund request, locked, with the price of its seat or GA place.
struct PricedTicket
{
    Ticket ticket;
    QString orderId;
    qint64 priceCents = 0;
};

/// Shifts, their money entries, the audit trail and ticket lookups for the counter.
class BoxOfficeRepository
{
public:
    /// The clerk's open shift, locked; nullopt when none.
    static std::optional<ShiftRow> openShiftOf(Tx &tx, const QString &clerk);
    /// Opens a shift; nullopt when the clerk has one open already.
    static std::optional<ShiftRow> openShift(Tx &tx, const QString &clerk, qint64 floatCents);
    static std::optional<ShiftRow> shift(Tx &tx, const QString &id, bool lock);
    static void closeShift(Tx &tx, const QString &id, qint64 countedCents);
    static ShiftTotals totals(Tx &tx, const QString &shiftId);
    static void addEntry(Tx &tx,
                         const QString &shiftId,
                         const QString &orderId,
                         const QString &kind,
                         const QString &method,
                         qint64 amountCents);
    /// The counter's audit line for one thing a clerk did (db/counterauditcodec).
    static void audit(Tx &tx, const domain::events::CounterAuditRecord &record);

    /// The ticket and the owner of its order, locked.
    static std::optional<std::pair<Ticket, QString>> lockTicket(Tx &tx, const QString &id);
    /// The tickets among `ids` (UUIDs), locked in id order, with their prices.
    static QList<PricedTicket> lockPricedTickets(Tx &tx, const QStringList &ids);
    static void voidTicket(Tx &tx, const QString &id, const QString &replacedBy);
    /// Scan: marks a valid, unused ticket used; returns valid|already_used|void|unknown.
    static QString scan(Tx &tx, const QString &ticketId);
};

} // namespace boxoffice::server::db
