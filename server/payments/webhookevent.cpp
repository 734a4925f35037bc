// SPDX-License-Identifier: GPL-3.0-or-later
#include "payments/webhookevent.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace boxoffice::server::payments {

namespace {

constexpr qsizetype kMaxBodyBytes = 64 * 1024;
constexpr qsizetype kMaxIdLength = 255;
// Exactly representable in a double, so JSON numbers up to here are whole cents.
constexpr double kMaxAmountCents = 9007199254740991.0;

std::optional<WebhookEvent> fail(QString *error, const QString &message)
{
    if (error)
        *error = message;
    return std::nullopt;
}

bool readString(const QJsonObject &object, const QString &key, QString *out)
{
    const QJsonValue value = object.value(key);
    if (!value.isString())
        return false;
    *out = value.toString();
    return !out->isEmpty() && out->size() <= kMaxIdLength;
}

bool isCurrency(const QString &currency)
{
    if (currency.size() != 3)
        return false;
    for (const QChar c : currency) {
        if (c < QLatin1Char('A') || c > QLatin1Char('Z'))
            return false;
    }
    return true;
}

} // namespace

QString WebhookEvent::typeName(Type type)
{
    switch (type) {
    case Type::PaymentSucceeded:
        return QStringLiteral("payment.succeeded");
    case Type::PaymentFailed:
        return QStringLiteral("payment.failed");
    case Type::RefundSucceeded:
        return QStringLiteral("refund.succeeded");
    }
    return {};
}

std::optional<WebhookEvent> WebhookEvent::parse(const QByteArray &body, QString *error)
{
    if (body.size() > kMaxBodyBytes)
        return fail(error, QStringLiteral("body too large"));
    QJsonParseError parseError{};
    const QJsonDocument document = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject())
        return fail(error, QStringLiteral("body is not a JSON object"));
    const QJsonObject root = document.object();

    WebhookEvent event;
    if (!readString(root, QStringLiteral("id"), &event.id)
        || !event.id.startsWith(QLatin1String("evt_")))
        return fail(error, QStringLiteral("id must be a string starting with evt_"));

    const QJsonValue typeValue = root.value(QStringLiteral("type"));
    const QString type = typeValue.toString();
    if (type == QLatin1String("payment.succeeded"))
        event.type = Type::PaymentSucceeded;
    else if (type == QLatin1String("payment.failed"))
        event.type = Type::PaymentFailed;
    else if (type == QLatin1String("refund.succeeded"))
        event.type = Type::RefundSucceeded;
    else
        return fail(error, QStringLiteral("unknown event type"));

    const QJsonValue dataValue = root.value(QStringLiteral("data"));
    if (!dataValue.isObject())
        return fail(error, QStringLiteral("data must be an object"));
    const QJsonObject data = dataValue.toObject();
    if (!readString(data, QStringLiteral("intent_id"), &event.intentId))
        return fail(error, QStringLiteral("data.intent_id must be a non-empty string"));
    if (!readString(data, QStringLiteral("order_id"), &event.orderId))
        return fail(error, QStringLiteral("data.order_id must be a non-empty string"));

    const QJsonValue amount = data.value(QStringLiteral("amount_cents"));
    const double cents = amount.toDouble(-1);
    if (!amount.isDouble() || cents < 0 || cents > kMaxAmountCents || std::floor(cents) != cents)
        return fail(error, QStringLiteral("data.amount_cents must be a non-negative integer"));
    event.amountCents = static_cast<qint64>(cents);

    const QJsonValue currency = data.value(QStringLiteral("currency"));
    event.currency = currency.toString();
    if (!currency.isString() || !isCurrency(event.currency))
        return fail(error, QStringLiteral("data.currency must be a 3-letter upper-case code"));

    const QJsonValue refundId = data.value(QStringLiteral("refund_id"));
    if (!refundId.isUndefined()) {
        if (!readString(data, QStringLiteral("refund_id"), &event.refundId))
            return fail(error, QStringLiteral("data.refund_id must be a non-empty string"));
    }
    return event;
}

} // namespace boxoffice::server::payments
