// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/order.h"

#include <QList>
#include <QString>

#include <optional>

namespace boxoffice::server::db {

class Tx;

/// An attempt the reconciler should ask the provider about.
struct AttemptToReconcile
{
    PaymentAttempt attempt;
    bool holdExpired = false; ///< the order's hold is past its time
};

/// Payment attempts (`payment_attempts`): one per try to pay an order, with the provider's
/// intent, its status and what was refunded through it.
class PaymentAttemptRepository
{
public:
    /// A new attempt (idempotency key derived from its id).
    static PaymentAttempt insert(Tx &tx,
                                 const QString &orderId,
                                 const QString &provider,
                                 const QString &method,
                                 qint64 amountCents,
                                 const QString &currency,
                                 const QString &status);
    /// The attempt of the provider's intent, locked.
    static std::optional<PaymentAttempt> byIntent(Tx &tx, const QString &intentId);
    /// The attempt, locked.
    static std::optional<PaymentAttempt> byId(Tx &tx, const QString &attemptId);
    /// Whether the order has an attempt still created, pending or uncertain.
    static bool hasOpen(Tx &tx, const QString &orderId);
    /// Payment attempts the order has had (open, failed, succeeded...).
    static int count(Tx &tx, const QString &orderId);
    /// Records the provider's intent; a created or uncertain attempt becomes pending.
    static void setIntent(Tx &tx,
                          const QString &attemptId,
                          const QString &intentId,
                          const QString &clientSecret);
    static void setStatus(Tx &tx,
                          const QString &attemptId,
                          const QString &status,
                          const QString &error = {});
    static void addRefunded(Tx &tx, const QString &attemptId, qint64 cents);

    /// Attempts left uncertain or pending too long (leader lock + SKIP LOCKED).
    static QList<AttemptToReconcile> claimUncertain(Tx &tx,
                                                    int createdAfterSeconds,
                                                    int pendingAfterSeconds,
                                                    int limit);
};

} // namespace boxoffice::server::db
