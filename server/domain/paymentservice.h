// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDateTime>

#include "fulfilment.h"
#include "result.h"

#include "payments/webhookverifier.h"

#include <atomic>

namespace boxoffice::server::db {
class Database;
class Tx;
} // namespace boxoffice::server::db
namespace boxoffice::server::payments {
class PaymentProvider;
}

namespace boxoffice::server::domain {

class OrderService;

/// A verified webhook event, recorded: what it did (`applied`, `duplicate`, `unmatched_intent`,
/// `compensated`, ...; also kept as the event's outcome).
struct WebhookReceipt
{
    QString outcome;
};

/// Payment outcomes: verified webhooks, the reconciler and the compensation worker all end in
/// the same transitions (succeeded -> fulfil or compensate, failed, refunded).
class PaymentService
{
public:
    PaymentService(db::Database &database,
                   payments::PaymentProvider &provider,
                   const Fulfilment &fulfilment,
                   OrderService &orders,
                   payments::WebhookVerifier verifier,
                   int reconcileAfterSeconds);

    /// POST /payments/webhook: bad_request for a bad or stale signature or body (nothing
    /// changes); a receipt once the event is recorded (also for duplicates and unknown intents).
    Result<WebhookReceipt> webhook(const QByteArray &signature, const QByteArray &body);

    /// Reconciler tick (leader only): asks the provider about uncertain or long-pending attempts.
    int reconcile();
    /// Compensation tick (leader only): refunds owed money through the provider.
    int compensate();

    /// Counters for /metrics.
    qint64 unmatchedTotal() const { return m_unmatched.load(); }
    int pendingCompensations();

private:
    /// `paid` gets the order when this made it paid.
    QString applySucceeded(
        db::Tx &tx, const QString &intentId, qint64 amount, const QString &currency, Order *paid);
    /// After the commit: metrics, and Fulfilment::paid() for an order this made paid.
    void countOutcome(const QString &outcome, const Order &paid);
    QString applyFailed(db::Tx &tx, const QString &intentId, const QString &error);
    QString applyRefunded(db::Tx &tx,
                          const QString &intentId,
                          const QString &refundId,
                          qint64 amount);

    db::Database &m_database;
    payments::PaymentProvider &m_provider;
    const Fulfilment &m_fulfilment;
    OrderService &m_orders;
    payments::WebhookVerifier m_verifier;
    int m_reconcileAfterSeconds;
    std::atomic<qint64> m_unmatched = 0;
};

} // namespace boxoffice::server::domain
