// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "idempotency.h"
#include "order.h"
#include "principal.h"
#include "result.h"

#include <QUrl>

namespace boxoffice::server::payments {
class PaymentProvider;
}

namespace boxoffice::server::domain {

/// An online order for a hold of the caller's (POST /orders, the WebSocket op order.create).
struct OrderRequest
{
    QString holdId;
    QString returnUrl; ///< checked by the edge (this site's own URL); empty: none
    std::optional<QString> idempotencyKey;
};

/// What placing an order answers: the order, and whether this request made it (201) or found
/// the hold's existing one (200).
struct PlacedOrder
{
    Order order;
    bool created = false;
};

/// What the idempotency store keeps of an online order's first answer: the order's id, and
/// whether that request made it (201) or found the hold's own (200). Every answer, a replay's
/// too, reads the order itself fresh.
struct OrderClaim
{
    QString orderId;
    bool created = false;
};

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

    /// The hold's order, new or existing, with its payment attempt's intent when the provider
    /// gave one. `request.returnUrl` goes to the provider with each payment intent. `codec`
    /// (api::orderClaimCodec) keeps a key's first answer.
    Result<PlacedOrder> create(const Principal &caller,
                               const OrderRequest &request,
                               const AnswerCodec<OrderClaim> &codec);
    /// The caller's order (staff see every order, without its client secret); not_found
    /// otherwise.
    Result<Order> get(const Principal &caller, const QString &orderId);
    /// The caller's orders, newest first.
    Result<QList<Order>> list(const Principal &caller);

    /// The provider's hosted payment page (e.g. http://127.0.0.1:8081/pay), for orders'
    /// `payment.page_url`; empty: none. Set before serving.
    void setPaymentPage(const QUrl &base) { m_paymentPage = base; }

    /// Makes sure the order's open attempt has an intent at the provider (the reconciler calls
    /// this for attempts left without one).
    void ensureIntent(const QString &attemptId);
    /// The order, read fresh (no owner check).
    std::optional<Order> load(const QString &orderId);

private:
    OrderClaim createInTx(db::Tx &tx,
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
