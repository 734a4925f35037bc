// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>

#include <optional>
#include <utility>

namespace boxoffice::server::db {

class Tx;

/// A refund owed through the provider (compensation or staff refund).
struct DueRefund
{
    QString id;
    QString orderId;
    QString intentId;
    qint64 amountCents = 0;
    int attempts = 0;
};

/// Refunds owed through the provider (`compensations`): queued in the transaction that decides
/// them, sent later by the refund worker with retries.
class RefundQueueRepository
{
public:
    /// A refund owed for `intentId`; a compensation once per intent (false when one exists
    /// already), staff refunds (kind `refund`) one per call.
    static bool insertDue(Tx &tx,
                          const QString &orderId,
                          const QString &intentId,
                          qint64 amountCents,
                          const QString &currency,
                          const QString &reason,
                          const QString &kind);
    /// Claims due refunds (leader lock + SKIP LOCKED), pushing their next try back.
    static QList<DueRefund> claimDue(Tx &tx, int limit);
    /// Marks the compensation of `intentId` done; its order id and kind when it was pending.
    static std::optional<std::pair<QString, QString>> markDone(Tx &tx,
                                                               const QString &intentId,
                                                               const QString &refundId);
    /// Marks the refund row `id` done; its order id and kind when it was pending.
    static std::optional<std::pair<QString, QString>> markDoneById(Tx &tx,
                                                                   const QString &id,
                                                                   const QString &refundId);
    /// Notes a failed try; `permanent` gives the refund up.
    static void recordError(Tx &tx, const QString &id, const QString &error, bool permanent);
    static int pendingCount(Tx &tx);
};

} // namespace boxoffice::server::db
