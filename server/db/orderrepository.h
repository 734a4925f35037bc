#pragma once

#include "db/rows/order.h"

#include <QJsonObject>
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
    QString currency;
    QString channel = QStringLiteral("online");
    QString paymentMethod = QStringLiteral("card");
    QString clerk;
    QString shiftId;
    std::optional<qint64> tenderedCents;
    std::optional<qint64> changeCents;
    QString reference;
};

/// An attempt the reconciler should ask the provider about.
struct AttemptToReconcile
{
    PaymentAttempt attempt;
    bool holdExpired = false; ///< the order's hold is past its time
};

/// A refund owed through the provider (compensation or staff refund).
struct DueRefund
{
    QString id;
    QString orderId;
    QString intentId;
    qint64 amountCents = 0;
    int attempts = 0;
};

/// Orders, payment attempts, provider events, tickets and compensations.
class OrderRepository
{
public:
    /// Price of the hold's seats (by category) plus its GA places, and the event's currency.
    static std::pair<qint64, QString> price(Tx &tx,
                                            const QString &eventId,
                                            const QStringList &seats,
                                            const QString &gaId,
                                            int gaQuantity);
    /// Inserts the order unless the hold already has one; the new id, or empty.
    static QString insertOrder(Tx &tx, const NewOrder &order);
    static QString orderIdForHold(Tx &tx, const QString &holdId);
    /// The order with its latest attempt and tickets; `lock` takes the order row lock first.
    static std::optional<Order> load(Tx &tx, const QString &orderId, bool lock = false);
    static QStringList orderIdsOf(Tx &tx, const QString &owner, int limit);
    static void setOrderStatus(Tx &tx,
                               const QString &orderId,
                               const QString &status,
                               const QString &reason);

    /// A new attempt (idempotency key derived from its id).
    static PaymentAttempt insertAttempt(Tx &tx,
                                        const QString &orderId,
                                        const QString &provider,
                                        const QString &method,
                                        qint64 amountCents,
                                        const QString &currency,
                                        const QString &status);
    static std::optional<PaymentAttempt> attemptByIntent(Tx &tx, const QString &intentId);
    static std::optional<PaymentAttempt> attemptById(Tx &tx, const QString &attemptId);
    static bool hasOpenAttempt(Tx &tx, const QString &orderId);
    static void setAttemptIntent(Tx &tx,
                                 const QString &attemptId,
                                 const QString &intentId,
                                 const QString &clientSecret);
    static void setAttemptStatus(Tx &tx,
                                 const QString &attemptId,
                                 const QString &status,
                                 const QString &error = {});
    static void addAttemptRefunded(Tx &tx, const QString &attemptId, qint64 cents);
    /// Extends the hold and its seats to now + `seconds` (never shortens), but not past
    /// `maxLifetime` seconds after the hold was made (0: no cap).
    static void extendHold(Tx &tx, const QString &holdId, int seconds, int maxLifetime = 0);
    /// Payment attempts the order has had (open, failed, succeeded...).
    static int attemptCount(Tx &tx, const QString &orderId);
    /// Whether the hold was made `maxLifetime` seconds ago or more (or is gone).
    static bool holdLifetimeOver(Tx &tx, const QString &holdId, int maxLifetime);

    /// Records a provider event; false when its id was seen before.
    static bool insertProviderEvent(Tx &tx,
                                    const QString &eventId,
                                    const QString &type,
                                    const QString &intentId,
                                    const QByteArray &payload);
    static void setProviderEventOutcome(Tx &tx, const QString &eventId, const QString &outcome);

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
    static void insertTicket(Tx &tx,
                             const QString &ticketId,
                             const QString &orderId,
                             const QString &eventId,
                             const QString &seatId,
                             const QString &gaId,
                             const QString &code);
    /// Voids the order's valid tickets; returns them as they were.
    static QList<Ticket> voidTickets(Tx &tx, const QString &orderId);
    /// Sold seats back to available (refund).
    static void freeSoldSeats(Tx &tx, const QString &eventId, const QStringList &seats);
    static void unsellGa(Tx &tx, const QString &eventId, const QString &gaId, int quantity);

    /// A refund owed for `intentId`; a compensation once per intent (false when one exists
    /// already), staff refunds (kind `refund`) one per call.
    static bool insertRefundDue(Tx &tx,
                                const QString &orderId,
                                const QString &intentId,
                                qint64 amountCents,
                                const QString &currency,
                                const QString &reason,
                                const QString &kind);
    /// Claims due refunds (leader lock + SKIP LOCKED), pushing their next try back.
    static QList<DueRefund> claimDueRefunds(Tx &tx, int limit);
    /// Marks the refund of `intentId` done; its order id and kind when it was pending.
    static std::optional<std::pair<QString, QString>> refundDone(Tx &tx,
                                                                 const QString &intentId,
                                                                 const QString &refundId);
    /// Marks the refund row `id` done; its order id and kind when it was pending.
    static std::optional<std::pair<QString, QString>> refundDoneById(Tx &tx,
                                                                     const QString &id,
                                                                     const QString &refundId);
    /// Adds `cents` to the order's refunded amount.
    static void addOrderRefunded(Tx &tx, const QString &orderId, qint64 cents);
    static void refundError(Tx &tx, const QString &id, const QString &error, bool permanent);
    static int pendingRefunds(Tx &tx);

    /// Attempts left uncertain or pending too long (leader lock + SKIP LOCKED).
    static QList<AttemptToReconcile> claimUncertain(Tx &tx,
                                                    int createdAfterSeconds,
                                                    int pendingAfterSeconds,
                                                    int limit);
};

} // namespace boxoffice::server::db
