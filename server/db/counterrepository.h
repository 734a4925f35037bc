// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "boxofficerepository.h"

#include <QStringList>

#include <optional>

namespace boxoffice::server::db {

class Tx;

/// A seat an exchange may move a ticket to.
struct SeatState
{
    QString status;   ///< available|held|sold|blocked (held past its time counts as available)
    QString category; ///< price category
    qint64 priceCents = 0;
};

/// A GA zone an exchange may move a ticket to, read under the zone's row lock.
struct GaTarget
{
    int capacity = 0;
    int held = 0;
    int sold = 0;
    qint64 priceCents = 0; ///< the zone's price category price
};

/// A part of a split-tender payment as stored.
struct PaymentPartRow
{
    qint64 id = 0;
    QString method;
    qint64 amountCents = 0;
    qint64 refundedCents = 0;
};

/// SQL of the counter's day beyond sales: will-call search, exchanges, split tender parts,
/// drawers, and print runs.
class CounterRepository
{
public:
    /// Order ids matching `query` (order or ticket id, ticket code, user name, e-mail, name),
    /// newest first; `uuid` is `query` when it is one.
    static QStringList searchOrders(Tx &tx,
                                    const QString &query,
                                    const std::optional<QString> &uuid,
                                    int limit);
    /// Who ordered and what event, for the will-call list; nullopt: no such order.
    static std::optional<OrderContext> orderContext(Tx &tx, const QString &orderId);

    /// The seat of the event, locked; nullopt when the event has no such seat.
    static std::optional<SeatState> lockSeat(Tx &tx, const QString &eventId, const QString &seatId);
    /// Sells a free seat outside any hold (an exchange) to the order of `holdId` and `owner`;
    /// false when the seat is not free.
    static bool takeFreeSeat(Tx &tx,
                             const QString &eventId,
                             const QString &seatId,
                             const QString &owner,
                             const QString &holdId);
    /// The GA zone of the event with its price, locked (the lock every GA change takes first);
    /// nullopt when the event has no such zone.
    static std::optional<GaTarget> lockGaTarget(Tx &tx, const QString &eventId, const QString &gaId);
    /// sold += 1 when a place is free (held + sold < capacity): an exchange's new GA place.
    /// False when the zone is full.
    static bool sellFreeGaPlace(Tx &tx, const QString &eventId, const QString &gaId);
    /// When the ticket was scanned at the door, or nullopt.
    static std::optional<QString> usedAt(Tx &tx, const QString &ticketId);
    /// Adds `deltaCents` (positive or negative) to the order's amount (an exchange's difference
    /// paid or given back by `method`: the transaction log's row names it).
    static void adjustAmount(Tx &tx,
                             const QString &orderId,
                             qint64 deltaCents,
                             const QString &method);
    /// The seat's price category price.
    static qint64 seatPrice(Tx &tx, const QString &eventId, const QString &seatId);

    static void insertPart(Tx &tx,
                           const QString &orderId,
                           const QString &method,
                           qint64 amountCents,
                           qint64 tenderedCents,
                           const QString &reference);
    /// The order's split parts, locked.
    static QList<PaymentPartRow> lockParts(Tx &tx, const QString &orderId);
    static void addPartRefunded(Tx &tx, qint64 partId, qint64 cents);

    /// Opens a shift at `drawer` (may be empty); nullopt when the clerk or the drawer has one
    /// open already.
    static std::optional<ShiftRow> openShiftAt(Tx &tx,
                                               const QString &clerk,
                                               qint64 floatCents,
                                               const QString &drawer);
    /// The open shift at `drawer`, or nullopt.
    static std::optional<ShiftRow> openShiftAtDrawer(Tx &tx, const QString &drawer);
    static QString drawerOf(Tx &tx, const QString &shiftId);
};

} // namespace boxoffice::server::db
