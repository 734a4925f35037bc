// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "payments/paymentprovider.h"

#include <QByteArray>
#include <QUrl>

class QJsonObject;

namespace boxoffice::server::payments {

struct HttpExchange;

/// Where and how to reach the payment-sandbox (or anything speaking its API).
struct SandboxProviderConfig
{
    QUrl baseUrl;          ///< e.g. http://127.0.0.1:8081
    QByteArray apiKey;     ///< sent as `Authorization: Bearer <key>`
    int timeoutMs = 10000; ///< whole-exchange deadline per call; expiry is Uncertain
};

/// PaymentProvider over the payment-sandbox HTTP API (docs/payment-sandbox.md). Blocking and
/// thread-safe: every call uses its own connection in the calling thread.
class SandboxProvider final : public PaymentProvider
{
public:
    explicit SandboxProvider(SandboxProviderConfig config);

    PaymentResult<Intent> createIntent(const QString &orderId,
                                       qint64 amountCents,
                                       const QString &currency,
                                       const QString &idempotencyKey,
                                       const QString &returnUrl = {}) override;
    PaymentResult<Intent> getIntent(const QString &intentId) override;
    PaymentResult<Refund> refund(const QString &intentId,
                                 qint64 amountCents,
                                 const QString &idempotencyKey) override;

    /// Confirms with a card number as a card form would (tests and demos only).
    PaymentResult<Intent> confirmIntent(const QString &intentId, const QString &cardNumber);

    /// Maps a non-2xx or failed exchange to a typed error.
    static PaymentError errorFor(const HttpExchange &exchange);

private:
    HttpExchange call(const QByteArray &method,
                      const QString &path,
                      const QJsonObject *body,
                      const QString &idempotencyKey) const;
    PaymentResult<Intent> intentFrom(const HttpExchange &exchange) const;

    SandboxProviderConfig m_config;
};

/// Parses an intent object of the sandbox API; false when a field is missing or mistyped.
bool intentFromJson(const QJsonObject &object, Intent *intent);
/// Parses a refund object of the sandbox API; false when a field is missing or mistyped.
bool refundFromJson(const QJsonObject &object, Refund *refund);

} // namespace boxoffice::server::payments
