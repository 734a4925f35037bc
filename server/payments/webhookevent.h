// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

namespace boxoffice::server::payments {

/// A provider webhook event body (API.md), parsed strictly.
struct WebhookEvent
{
    enum class Type { PaymentSucceeded, PaymentFailed, RefundSucceeded };

    QString id; ///< "evt_…", stable across retries: deduplicate on it
    Type type = Type::PaymentSucceeded;
    QString intentId;
    QString orderId;
    qint64 amountCents = 0;
    QString currency;
    QString refundId; ///< only for refund.succeeded, when the provider sends it

    /// Wire name of a type ("payment.succeeded", ...).
    static QString typeName(Type type);

    /// Parses a raw body; on failure returns nullopt and sets `error` to what was wrong.
    static std::optional<WebhookEvent> parse(const QByteArray &body, QString *error = nullptr);
};

} // namespace boxoffice::server::payments
