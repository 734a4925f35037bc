// SPDX-License-Identifier: GPL-3.0-or-later
#include "paymentservice.h"

#include "db/database.h"
#include "db/orderrepository.h"
#include "db/paymentattemptrepository.h"
#include "db/providereventrepository.h"
#include "db/refundqueuerepository.h"
#include "metrics/registry.h"
#include "orderservice.h"
#include "payments/paymentprovider.h"
#include "payments/webhookevent.h"

#include <QLoggingCategory>

namespace boxoffice::server::domain {

Q_LOGGING_CATEGORY(lcPayments, "boxoffice.payments")

using db::OrderRepository;
using db::PaymentAttemptRepository;
using db::ProviderEventRepository;
using db::RefundQueueRepository;
using payments::WebhookEvent;

namespace {

// A compensation refund is through (`done`: its order id and kind, when the row was still
// pending): the order it compensated is refunded, unless it was paid meanwhile or already is.
void closeCompensatedOrder(db::Tx &tx, const std::optional<std::pair<QString, QString>> &done)
{
    if (!done || done->second != u"compensation")
        return;
    auto order = OrderRepository::load(tx, done->first, true);
    if (order && order->status != u"paid" && order->status != u"refunded")
        OrderRepository::setOrderStatus(tx,
                                        order->id,
                                        QStringLiteral("refunded"),
                                        QStringLiteral("compensated"));
}

} // namespace

PaymentService::PaymentService(db::Database &database,
                               payments::PaymentProvider &provider,
                               const Fulfilment &fulfilment,
                               OrderService &orders,
                               payments::WebhookVerifier verifier,
                               int reconcileAfterSeconds)
    : m_database(database)
    , m_provider(provider)
    , m_fulfilment(fulfilment)
    , m_orders(orders)
    , m_verifier(std::move(verifier))
    , m_reconcileAfterSeconds(reconcileAfterSeconds)
{}

Result<WebhookReceipt> PaymentService::webhook(const QByteArray &signature, const QByteArray &body)
{
    const auto verdict = m_verifier.verify(signature, body);
    if (verdict != payments::WebhookVerifier::Result::Ok)
        return Error(ErrorCode::BadRequest,
                     QStringLiteral("webhook signature refused: %1")
                         .arg(payments::WebhookVerifier::reasonCode(verdict)));
    QString parseError;
    const auto event = WebhookEvent::parse(body, &parseError);
    if (!event)
        return Error(ErrorCode::BadRequest, QStringLiteral("webhook body: %1").arg(parseError));

    QString outcome;
    Order paid;
    // Insert-first: the event id's unique key makes a repeated delivery a no-op, in the same
    // transaction as its effect (a failure rolls both back and the provider retries).
    m_database.transact([&](db::Tx &tx) {
        if (!ProviderEventRepository::insert(tx,
                                             event->id,
                                             WebhookEvent::typeName(event->type),
                                             event->intentId,
                                             body)) {
            outcome = QStringLiteral("duplicate");
            return;
        }
        switch (event->type) {
        case WebhookEvent::Type::PaymentSucceeded:
            outcome = applySucceeded(tx, event->intentId, event->amountCents, event->currency, &paid);
            break;
        case WebhookEvent::Type::PaymentFailed:
            outcome = applyFailed(tx, event->intentId, QStringLiteral("payment_failed"));
            break;
        case WebhookEvent::Type::RefundSucceeded:
            outcome = applyRefunded(tx, event->intentId, event->refundId, event->amountCents);
            break;
        }
        ProviderEventRepository::setOutcome(tx, event->id, outcome);
    });
    countOutcome(outcome, paid);
    qCInfo(lcPayments) << "webhook" << event->id << WebhookEvent::typeName(event->type)
                       << event->intentId << "->" << outcome;
    return WebhookReceipt{outcome};
}

QString PaymentService::applySucceeded(
    db::Tx &tx, const QString &intentId, qint64 amount, const QString &currency, Order *paid)
{
    auto attempt = PaymentAttemptRepository::byIntent(tx, intentId);
    if (!attempt)
        return QStringLiteral("unmatched_intent");
    if (attempt->amountCents != amount || attempt->currency != currency) {
        // Money moved, but not what this attempt asked for: it sells nothing, and what was
        // taken goes back (one compensation per intent, however often this is reported).
        if (attempt->status == u"succeeded")
            return QStringLiteral("unmatched_amount"); // its own matching success counted
        // The order and its attempt stay as they are (the provider's report is what is wrong).
        const auto order = OrderRepository::load(tx, attempt->orderId, false);
        RefundQueueRepository::insertDue(tx,
                                         order->id,
                                         intentId,
                                         amount,
                                         currency,
                                         QStringLiteral("amount_mismatch"),
                                         QStringLiteral("compensation"));
        return QStringLiteral("unmatched_amount");
    }
    auto order = OrderRepository::load(tx, attempt->orderId, true);
    const bool wasSucceeded = attempt->status == u"succeeded";
    if (!wasSucceeded)
        PaymentAttemptRepository::setStatus(tx, attempt->id, QStringLiteral("succeeded"));
    if (order->status == u"paid") {
        if (wasSucceeded)
            return QStringLiteral("already_paid"); // this attempt's success, reported again
        // Another attempt paid the order already: this second charge goes back through a
        // compensation (one per intent, so a repeated report never refunds twice).
        RefundQueueRepository::insertDue(tx,
                                         order->id,
                                         intentId,
                                         amount,
                                         currency,
                                         QStringLiteral("double_charge"),
                                         QStringLiteral("compensation"));
        return QStringLiteral("compensated");
    }
    // This success was applied before (the reconciler's answer after the webhook's, or the
    // provider telling it again): what followed it, a staff refund say, stands. Compensating
    // now would refund the same money twice.
    if (wasSucceeded)
        return QStringLiteral("already_applied");
    // Money that arrived after it was refunded (refund event first) sells nothing.
    const bool refundedFirst = attempt->refundedCents >= attempt->amountCents;
    QString reason = QStringLiteral("order_%1").arg(order->status);
    if (!refundedFirst && (order->status == u"pending" || order->status == u"failed")) {
        if (m_fulfilment.fulfil(tx, *order, &reason)) {
            *paid = *order;
            return QStringLiteral("paid");
        }
        OrderRepository::setOrderStatus(tx, order->id, QStringLiteral("expired"), reason);
    }
    if (refundedFirst) {
        if (order->status == u"pending" || order->status == u"failed" || order->status == u"expired")
            OrderRepository::setOrderStatus(tx, order->id, QStringLiteral("refunded"), reason);
        return QStringLiteral("already_refunded");
    }
    // The hold was lost (or the order is over): the money goes back through a compensation.
    RefundQueueRepository::insertDue(tx,
                                     order->id,
                                     intentId,
                                     amount,
                                     currency,
                                     reason,
                                     QStringLiteral("compensation"));
    return QStringLiteral("compensated");
}

QString PaymentService::applyFailed(db::Tx &tx, const QString &intentId, const QString &error)
{
    auto attempt = PaymentAttemptRepository::byIntent(tx, intentId);
    if (!attempt)
        return QStringLiteral("unmatched_intent");
    // A late failure never undoes a success (reordered deliveries).
    if (attempt->status == u"succeeded" || attempt->status == u"failed")
        return QStringLiteral("ignored");
    auto order = OrderRepository::load(tx, attempt->orderId, true);
    PaymentAttemptRepository::setStatus(tx, attempt->id, QStringLiteral("failed"), error);
    if (order->status == u"pending" && !PaymentAttemptRepository::hasOpen(tx, order->id)) {
        OrderRepository::setOrderStatus(tx, order->id, QStringLiteral("failed"), error);
    }
    return QStringLiteral("failed");
}

QString PaymentService::applyRefunded(db::Tx &tx,
                                      const QString &intentId,
                                      const QString &refundId,
                                      qint64 amount)
{
    auto attempt = PaymentAttemptRepository::byIntent(tx, intentId);
    if (!attempt)
        return QStringLiteral("unmatched_intent");
    PaymentAttemptRepository::addRefunded(tx, attempt->id, amount);
    closeCompensatedOrder(tx, RefundQueueRepository::markDone(tx, intentId, refundId));
    return QStringLiteral("refunded");
}

int PaymentService::reconcile()
{
    QList<db::AttemptToReconcile> due;
    m_database.transact([&](db::Tx &tx) {
        due = PaymentAttemptRepository::claimUncertain(tx, 2, m_reconcileAfterSeconds, 20);
    });
    for (const auto &item : due) {
        const auto &attempt = item.attempt;
        if (attempt.intentId.isEmpty()) {
            m_orders.ensureIntent(attempt.id); // same key: finds an intent made before a crash
            continue;
        }
        const auto intent = m_provider.getIntent(attempt.intentId);
        if (!intent) {
            qCWarning(lcPayments) << "reconcile" << attempt.intentId << intent.error().code;
            continue;
        }
        QString outcome;
        Order paid;
        m_database.transact([&](db::Tx &tx) {
            switch (intent.value().status) {
            case payments::IntentStatus::Succeeded:
                outcome = applySucceeded(tx,
                                         attempt.intentId,
                                         intent.value().amountCents,
                                         intent.value().currency,
                                         &paid);
                break;
            case payments::IntentStatus::Failed:
                outcome = applyFailed(tx, attempt.intentId, intent.value().lastError);
                break;
            case payments::IntentStatus::Processing:
                outcome = QStringLiteral("processing");
                break;
            case payments::IntentStatus::RequiresConfirmation: {
                // Nobody paid and the hold is over: the order ends expired. A confirmation
                // that still comes later succeeds at the provider and is compensated.
                auto current = PaymentAttemptRepository::byId(tx, attempt.id);
                if (!item.holdExpired || !current
                    || (current->status != u"pending" && current->status != u"uncertain")) {
                    outcome = QStringLiteral("waiting");
                    break;
                }
                auto order = OrderRepository::load(tx, attempt.orderId, true);
                PaymentAttemptRepository::setStatus(tx,
                                                    attempt.id,
                                                    QStringLiteral("cancelled"),
                                                    QStringLiteral("hold_expired"));
                if (order->status == u"pending") {
                    OrderRepository::setOrderStatus(tx,
                                                    order->id,
                                                    QStringLiteral("expired"),
                                                    QStringLiteral("hold_expired"));
                }
                outcome = QStringLiteral("expired");
                break;
            }
            }
        });
        countOutcome(outcome, paid);
        qCInfo(lcPayments) << "reconciled" << attempt.intentId << "->" << outcome;
    }
    return int(due.size());
}

int PaymentService::compensate()
{
    QList<db::DueRefund> due;
    m_database.transact([&](db::Tx &tx) { due = RefundQueueRepository::claimDue(tx, 20); });
    for (const auto &refund : due) {
        // Key derived from the compensation: retries never refund twice.
        const auto result = m_provider.refund(refund.intentId,
                                              refund.amountCents,
                                              QStringLiteral("comp_") + refund.id);
        m_database.transact([&](db::Tx &tx) {
            if (result) {
                closeCompensatedOrder(tx,
                                      RefundQueueRepository::markDoneById(tx,
                                                                          refund.id,
                                                                          result.value().id));
                return;
            }
            // "not refundable" may mean the intent is still processing: keep trying.
            const bool permanent = result.error().kind == payments::PaymentErrorKind::NotFound
                                   && refund.attempts >= 10;
            RefundQueueRepository::recordError(tx, refund.id, result.error().code, permanent);
        });
    }
    return int(due.size());
}

// After the commit, so a retried transaction counts once (and the buyer leaves the waiting
// room only for a payment that really committed).
void PaymentService::countOutcome(const QString &outcome, const Order &paid)
{
    if (outcome.startsWith(u"unmatched")) {
        m_unmatched.fetch_add(1);
        metrics::Registry::instance()
            .counter(QStringLiteral("boxoffice_payments_unmatched_total"), {})
            .add();
    }
    if (outcome != u"paid" || paid.id.isEmpty())
        return;
    if (paid.createdAt.isValid())
        metrics::Registry::instance()
            .histogram(QStringLiteral("boxoffice_checkout_seconds"), {})
            .observe(double(paid.createdAt.msecsTo(QDateTime::currentDateTimeUtc())) / 1000.0);
    m_fulfilment.paid(paid.eventId, paid.owner);
}

int PaymentService::pendingCompensations()
{
    int count = 0;
    m_database.transact([&](db::Tx &tx) { count = RefundQueueRepository::pendingCount(tx); });
    return count;
}

} // namespace boxoffice::server::domain
