// SPDX-License-Identifier: GPL-3.0-or-later
#include "payments/sandboxprovider.h"

#include "payments/blockinghttpclient.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace boxoffice::server::payments {

namespace {

QJsonObject jsonObject(const QByteArray &body, bool *ok)
{
    QJsonParseError error{};
    const QJsonDocument document = QJsonDocument::fromJson(body, &error);
    *ok = error.error == QJsonParseError::NoError && document.isObject();
    return document.object();
}

bool readInteger(const QJsonObject &object, const QString &key, qint64 *out)
{
    const QJsonValue value = object.value(key);
    if (!value.isDouble())
        return false;
    *out = value.toInteger(-1);
    return *out >= 0;
}

PaymentError badResponse(const HttpExchange &exchange)
{
    // A 2xx we cannot read may still mean the provider acted: treat it as uncertain.
    return {PaymentErrorKind::Uncertain,
            QStringLiteral("bad_response"),
            QStringLiteral("unreadable provider answer"),
            exchange.status};
}

} // namespace

bool intentFromJson(const QJsonObject &object, Intent *intent)
{
    intent->id = object.value(QStringLiteral("id")).toString();
    intent->clientSecret = object.value(QStringLiteral("client_secret")).toString();
    intent->currency = object.value(QStringLiteral("currency")).toString();
    intent->orderId = object.value(QStringLiteral("order_id")).toString();
    intent->lastError = object.value(QStringLiteral("last_error")).toString();
    intent->amountRefundedCents = object.value(QStringLiteral("amount_refunded_cents")).toInteger();
    return !intent->id.isEmpty() && !intent->currency.isEmpty()
           && readInteger(object, QStringLiteral("amount_cents"), &intent->amountCents)
           && parseIntentStatus(object.value(QStringLiteral("status")).toString(), &intent->status);
}

bool refundFromJson(const QJsonObject &object, Refund *refund)
{
    refund->id = object.value(QStringLiteral("id")).toString();
    refund->intentId = object.value(QStringLiteral("intent_id")).toString();
    refund->currency = object.value(QStringLiteral("currency")).toString();
    refund->status = object.value(QStringLiteral("status")).toString();
    return !refund->id.isEmpty() && !refund->intentId.isEmpty() && !refund->status.isEmpty()
           && readInteger(object, QStringLiteral("amount_cents"), &refund->amountCents);
}

SandboxProvider::SandboxProvider(SandboxProviderConfig config)
    : m_config(std::move(config))
{}

PaymentError SandboxProvider::errorFor(const HttpExchange &exchange)
{
    if (exchange.status == 0) {
        return {PaymentErrorKind::Uncertain,
                exchange.timedOut ? QStringLiteral("timeout") : QStringLiteral("network_error"),
                exchange.networkError,
                0};
    }
    bool ok = false;
    const QJsonObject error
        = jsonObject(exchange.body, &ok).value(QStringLiteral("error")).toObject();
    PaymentError result{PaymentErrorKind::Invalid,
                        error.value(QStringLiteral("code")).toString(),
                        error.value(QStringLiteral("message")).toString(),
                        exchange.status};
    if (exchange.status >= 500 || exchange.status == 408 || exchange.status == 429)
        result.kind = PaymentErrorKind::Uncertain;
    else if (exchange.status == 402)
        result.kind = PaymentErrorKind::Declined;
    else if (exchange.status == 404)
        result.kind = PaymentErrorKind::NotFound;
    else if (exchange.status == 409)
        result.kind = PaymentErrorKind::Conflict;
    if (result.code.isEmpty())
        result.code = QStringLiteral("http_%1").arg(exchange.status);
    return result;
}

HttpExchange SandboxProvider::call(const QByteArray &method,
                                   const QString &path,
                                   const QJsonObject *body,
                                   const QString &idempotencyKey) const
{
    QUrl url = m_config.baseUrl;
    // Tolerant mode keeps the percent-encoding of ids as it is (no double encoding).
    url.setPath(url.path().chopped(url.path().endsWith(QLatin1Char('/')) ? 1 : 0) + path,
                QUrl::TolerantMode);
    BlockingHttpClient::Headers headers{{"Authorization", "Bearer " + m_config.apiKey},
                                        {"Accept", "application/json"}};
    QByteArray payload;
    if (body) {
        headers.append(qMakePair(QByteArray("Content-Type"), QByteArray("application/json")));
        payload = QJsonDocument(*body).toJson(QJsonDocument::Compact);
    }
    if (!idempotencyKey.isEmpty())
        headers.append(qMakePair(QByteArray("Idempotency-Key"), idempotencyKey.toUtf8()));
    return BlockingHttpClient::send(method, url, headers, payload, m_config.timeoutMs);
}

PaymentResult<Intent> SandboxProvider::intentFrom(const HttpExchange &exchange) const
{
    if (exchange.status < 200 || exchange.status >= 300)
        return errorFor(exchange);
    bool ok = false;
    Intent intent;
    if (!intentFromJson(jsonObject(exchange.body, &ok), &intent) || !ok)
        return badResponse(exchange);
    return intent;
}

PaymentResult<Intent> SandboxProvider::createIntent(const QString &orderId,
                                                    qint64 amountCents,
                                                    const QString &currency,
                                                    const QString &idempotencyKey,
                                                    const QString &returnUrl)
{
    QJsonObject body{{QStringLiteral("order_id"), orderId},
                     {QStringLiteral("amount_cents"), amountCents},
                     {QStringLiteral("currency"), currency}};
    if (!returnUrl.isEmpty())
        body.insert(u"metadata", QJsonObject{{QStringLiteral("return_url"), returnUrl}});
    return intentFrom(call("POST", QStringLiteral("/v1/payment_intents"), &body, idempotencyKey));
}

PaymentResult<Intent> SandboxProvider::getIntent(const QString &intentId)
{
    const QString path = QStringLiteral("/v1/payment_intents/")
                         + QString::fromLatin1(QUrl::toPercentEncoding(intentId));
    return intentFrom(call("GET", path, nullptr, {}));
}

PaymentResult<Intent> SandboxProvider::confirmIntent(const QString &intentId,
                                                     const QString &cardNumber)
{
    const QString path = QStringLiteral("/v1/payment_intents/")
                         + QString::fromLatin1(QUrl::toPercentEncoding(intentId))
                         + QStringLiteral("/confirm");
    const QJsonObject body{{QStringLiteral("card_number"), cardNumber}};
    return intentFrom(call("POST", path, &body, {}));
}

PaymentResult<Refund> SandboxProvider::refund(const QString &intentId,
                                              qint64 amountCents,
                                              const QString &idempotencyKey)
{
    const QJsonObject body{{QStringLiteral("intent_id"), intentId},
                           {QStringLiteral("amount_cents"), amountCents}};
    const HttpExchange exchange = call("POST", QStringLiteral("/v1/refunds"), &body, idempotencyKey);
    if (exchange.status < 200 || exchange.status >= 300)
        return errorFor(exchange);
    bool ok = false;
    Refund refund;
    if (!refundFromJson(jsonObject(exchange.body, &ok), &refund) || !ok)
        return badResponse(exchange);
    return refund;
}

} // namespace boxoffice::server::payments
