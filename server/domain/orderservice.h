#pragma once

#include "idempotency.h"
#include "order.h"
#include "principal.h"
#include "response.h"

#include <QUrl>

namespace boxoffice::server::payments {
class PaymentProvider;
}

namespace boxoffice::server::domain {

/// Online orders: one order per hold, a payment attempt with an intent at the provider (created
/// outside any inventory transaction, idempotent by the attempt's key), and lookups.
class OrderService
{
public:
    OrderService(db::Database &database,
                 payments::PaymentProvider &provider,
                 QString providerName,
                 int paymentWindowSeconds);

    /// What declined payments may cost the others: attempts per order, and the hold's total
    /// lifetime across attempts (BOXOFFICE_MAX_PAYMENT_ATTEMPTS, default 5;
    /// BOXOFFICE_HOLD_MAX_LIFETIME_SECONDS, default 1800).
    struct Limits
    {
        int maxAttempts = 5;
        int maxHoldLifetimeSeconds = 1800;
        static Limits fromEnvironment();
    };
    void setLimits(const Limits &limits) { m_limits = limits; }

    /// 201 with a new order, 200 with the hold's existing order, or a problem. `returnUrl`
    /// (already checked by the caller) goes to the provider with each payment intent.
    Response create(const Principal &caller,
                    const QString &holdId,
                    const std::optional<QString> &idempotencyKey,
                    const QString &returnUrl = {});
    /// 200 with the caller's order (staff see every order); 404 otherwise.
    Response get(const Principal &caller, const QString &orderId);
    /// 200 `{"orders":[...]}`: the caller's orders, newest first.
    Response list(const Principal &caller);

    /// The provider's hosted payment page (e.g. http://127.0.0.1:8081/pay), for orders'
    /// `payment.page_url`; empty: none. Set before serving.
    void setPaymentPage(const QUrl &base) { m_paymentPage = base; }

    /// Makes sure the order's open attempt has an intent at the provider (the reconciler calls
    /// this for attempts left without one).
    void ensureIntent(const QString &attemptId);
    /// The order as JSON, read fresh.
    std::optional<Order> load(const QString &orderId);

private:
    Response createInTx(db::Tx &tx,
                        const Principal &caller,
                        const QString &holdId,
                        const QString &returnUrl);
    /// Adds what the order's JSON shows beyond its row: return URL and payment page.
    void decorate(db::Tx &tx, Order &order) const;

    db::Database &m_database;
    payments::PaymentProvider &m_provider;
    QString m_providerName;
    int m_paymentWindowSeconds;
    Limits m_limits = Limits::fromEnvironment();
    Idempotency m_idempotency;
    QUrl m_paymentPage;
};

} // namespace boxoffice::server::domain
