// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <utility>
#include <variant>

namespace boxoffice::server::payments {

/// Life cycle of a payment intent at the provider.
enum class IntentStatus { RequiresConfirmation, Processing, Succeeded, Failed };

/// The provider's wire name of a status ("requires_confirmation", ...).
QString intentStatusName(IntentStatus status);
/// Parses a wire status name; false when unknown.
bool parseIntentStatus(const QString &name, IntentStatus *status);

/// A payment intent as the provider reports it.
struct Intent
{
    QString id;
    QString clientSecret;
    IntentStatus status = IntentStatus::RequiresConfirmation;
    qint64 amountCents = 0;
    QString currency;
    QString orderId;
    qint64 amountRefundedCents = 0;
    QString lastError; ///< provider failure code, e.g. "card_declined"; empty when none
};

/// A refund as the provider reports it.
struct Refund
{
    QString id;
    QString intentId;
    qint64 amountCents = 0;
    QString currency;
    QString status; ///< "succeeded" (the sandbox refunds synchronously)
};

/// Why a provider call failed. Everything but Uncertain is a definite answer.
enum class PaymentErrorKind {
    Declined,  ///< the card was declined: the payment definitely failed
    Invalid,   ///< the provider refused the request (400, 401, 409 ...): nothing happened
    NotFound,  ///< unknown intent or refund id
    Conflict,  ///< idempotency key reused with another body, or a wrong state
    Uncertain, ///< timeout, network error or 5xx: the outcome is unknown, reconcile later
};

/// A typed provider error with the provider's code and a human message.
struct PaymentError
{
    PaymentErrorKind kind = PaymentErrorKind::Uncertain;
    QString code;       ///< provider error code ("card_declined", "timeout", ...)
    QString message;    ///< for logs
    int httpStatus = 0; ///< 0 when no HTTP answer arrived

    /// True when the caller must ask the provider again later to learn the outcome.
    bool isUncertain() const { return kind == PaymentErrorKind::Uncertain; }
};

/// Either a value or a PaymentError (std::expected is C++23).
template<typename T>
class PaymentResult
{
public:
    PaymentResult(T value)
        : m_data(std::move(value))
    {}
    PaymentResult(PaymentError error)
        : m_data(std::move(error))
    {}

    bool ok() const { return std::holds_alternative<T>(m_data); }
    explicit operator bool() const { return ok(); }
    const T &value() const { return std::get<T>(m_data); }
    T &value() { return std::get<T>(m_data); }
    const PaymentError &error() const { return std::get<PaymentError>(m_data); }

private:
    std::variant<T, PaymentError> m_data;
};

} // namespace boxoffice::server::payments
