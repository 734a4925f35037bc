// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/hold.h"
#include "db/rows/pricing.h"

#include <QHash>
#include <QMap>

namespace boxoffice::server::db {

class Tx;

/// An event's price rules (ticket types, fees, tax), the types picked on a hold, and the lines
/// an order was sold for (domain/pricing decides; docs/pricing.md).
class PricingRepository
{
public:
    /// The event's rules with its version; nullopt when there is no such event.
    static std::optional<PriceRules> rules(Tx &tx, const QString &eventId);
    /// Replaces the event's types, fees, tax and refund rule; the event's new version. A value
    /// the schema refuses throws pqxx's check_violation (the caller validated before).
    static int replaceRules(Tx &tx, const QString &eventId, const PriceRules &rules);
    /// The event's price categories that exist, of `categories`.
    static QStringList knownCategories(Tx &tx,
                                       const QString &eventId,
                                       const QStringList &categories);

    /// The hold's places in seat order (then its GA places), each with its category, that
    /// category's price and the type picked for it.
    static QList<BasketPlace> basket(Tx &tx, const Hold &hold);
    /// Replaces the types picked on the hold's seats.
    static void setHoldTypes(Tx &tx, const QString &holdId, const QMap<QString, QString> &types);

    /// Locks the event's ticket types `typeIds` (in id order) until the transaction ends, then
    /// counts each one's tickets of orders waiting for payment or paid and not refunded. Locking
    /// first and counting in a statement of its own is what makes two buyers of the last ticket
    /// of a type wait for each other and see each other's order.
    static QHash<QString, int> lockTypeSales(Tx &tx, const QString &eventId, QStringList typeIds);

    static void insertLines(Tx &tx,
                            const QString &orderId,
                            const QString &eventId,
                            const QList<PriceLine> &lines);
    static QList<PriceLine> lines(Tx &tx, const QString &orderId);
    /// Marks the ticket (and ticket fee) lines of `references` (one per ticket refunded: a GA
    /// area as often as its tickets) refunded: they no longer count against a type's limit.
    static void markRefunded(Tx &tx, const QString &orderId, const QStringList &references);
    /// The tax within what refunding `ticketIds` pays back.
    static qint64 ticketTax(Tx &tx, const QStringList &ticketIds);
};

} // namespace boxoffice::server::db
