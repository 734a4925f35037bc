// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/hold.h"
#include "db/rows/order.h"

#include <QStringList>

#include <optional>

namespace boxoffice::server::db {

class Tx;

/// What a new order row records.
struct NewOrder
{
    QString holdId;
    QString eventId;
    QString owner;
    qint64 amountCents = 0;
    qint64 feeCents = 0;     ///< the fee lines' totals (docs/pricing.md)
    qint64 taxCents = 0;     ///< every line's tax
    qint64 keptCents = 0;    ///< what no refund pays back (fees the event keeps)
    qint64 keptTaxCents = 0; ///< the tax within it
    QString voucher;         ///< the code it uses (one use), or empty
    QString currency;
    QString channel = QStringLiteral("online");
    QString paymentMethod = QStringLiteral("card");
    QString clerk;
    QString shiftId;
    std::optional<qint64> tenderedCents;
    std::optional<qint64> changeCents;
    QString reference;
};

/// Order rows: pricing and inserting an order, reading it with its latest attempt and tickets,
/// its status and refunded amount; and the life of its hold while it is being paid for.
/// Attempts, tickets, provider events and due refunds have repositories of their own.
class OrderRepository
{
public:
    /// The order row for `hold`, bought by `owner`, priced now: its seats by category plus its
    /// GA places, in the event's currency (an online card order until the caller says more).
    static NewOrder pricedOrder(Tx &tx, const Hold &hold, const QString &owner);
    /// Inserts the order unless the hold already has one; the new id, or empty. Throws
    /// SaleRefused(EventCancelled) when the event is cancelled.
    static QString insertOrder(Tx &tx, const NewOrder &order);
    static QString orderIdForHold(Tx &tx, const QString &holdId);
    /// The order with its latest attempt and tickets; `lock` takes the order row lock first.
    static std::optional<Order> load(Tx &tx, const QString &orderId, bool lock = false);
    static QStringList orderIdsOf(Tx &tx, const QString &owner, int limit);
    /// Also writes the `order.<status>` outbox row, in the same statement.
    static void setOrderStatus(Tx &tx,
                               const QString &orderId,
                               const QString &status,
                               const QString &reason);
    /// Adds `cents` to the order's refunded amount, `taxCents` of it tax.
    static void addOrderRefunded(Tx &tx, const QString &orderId, qint64 cents, qint64 taxCents = 0);

    /// Extends the hold and its seats to now + `seconds` (never shortens), but not past
    /// `maxLifetime` seconds after the hold was made (0: no cap). Each payment attempt does.
    static void extendHold(Tx &tx, const QString &holdId, int seconds, int maxLifetime = 0);
    /// Whether the hold was made `maxLifetime` seconds ago or more (or is gone).
    static bool holdLifetimeOver(Tx &tx, const QString &holdId, int maxLifetime);
};

} // namespace boxoffice::server::db
