// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandboxapi.h"

#include "sandboxhttp.h"
#include "sandboxstore.h"
#include "testcards.h"
#include "webhookdispatcher.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QHttpServer>
#include <QHttpServerResponder>
#include <QJsonDocument>
#include <QPointer>
#include <QTcpSocket>
#include <QTimer>

#include <memory>

namespace boxoffice::sandbox {

namespace {

constexpr qint64 kMaxAmountCents = 1'000'000'000'000;
constexpr qsizetype kMaxTextLength = 255;

bool isCurrency(const QJsonValue &value)
{
    const QString currency = value.toString();
    if (!value.isString() || currency.size() != 3)
        return false;
    for (const QChar c : currency) {
        if (c < QLatin1Char('A') || c > QLatin1Char('Z'))
            return false;
    }
    return true;
}

bool isShortText(const QJsonValue &value)
{
    return value.isString() && !value.toString().isEmpty()
           && value.toString().size() <= kMaxTextLength;
}

bool isIdempotencyKey(const QByteArray &key)
{
    if (key.isEmpty() || key.size() > kMaxTextLength)
        return false;
    for (const char c : key) {
        if (c < 0x20 || c > 0x7e)
            return false;
    }
    return true;
}

QString notFound(const QString &what)
{
    return QStringLiteral("no such %1").arg(what);
}

// A GET of one stored record (`what`: intent, refund): its JSON, or 404 when there is none.
template<typename Record>
QHttpServerResponse recordOr404(const Record *record,
                                const QString &what,
                                QJsonObject (*toJson)(const Record &))
{
    if (!record)
        return errorResponse(404, QStringLiteral("not_found"), notFound(what));
    return jsonResponse(200, toJson(*record));
}

} // namespace

SandboxApi::SandboxApi(SandboxStore *store,
                       WebhookDispatcher *dispatcher,
                       ApiConfig config,
                       QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_dispatcher(dispatcher)
    , m_config(std::move(config))
{}

void SandboxApi::registerRoutes(QHttpServer &server)
{
    using Method = QHttpServerRequest::Method;
    server.route(QStringLiteral("/v1/payment_intents"),
                 Method::Post,
                 [this](const QHttpServerRequest &request) { return createIntent(request); });
    server.route(QStringLiteral("/v1/payment_intents/<arg>"),
                 Method::Get,
                 [this](const QString &id, const QHttpServerRequest &request) {
                     return getIntent(id, request);
                 });
    server.route(QStringLiteral("/v1/payment_intents/<arg>/confirm"),
                 Method::Post,
                 [this](const QString &id,
                        const QHttpServerRequest &request,
                        QHttpServerResponder &&responder) {
                     confirm(id, request, std::move(responder));
                 });
    server.route(QStringLiteral("/v1/payment_intents/<arg>/cancel"),
                 Method::Post,
                 [this](const QString &id, const QHttpServerRequest &request) {
                     return cancelIntent(id, request);
                 });
    server.route(QStringLiteral("/v1/refunds"),
                 Method::Post,
                 [this](const QHttpServerRequest &request) { return createRefund(request); });
    server.route(QStringLiteral("/v1/refunds/<arg>"),
                 Method::Get,
                 [this](const QString &id, const QHttpServerRequest &request) {
                     return getRefund(id, request);
                 });
}

bool SandboxApi::hasApiKey(const QHttpServerRequest &request) const
{
    return constantTimeEquals(header(request, "Authorization"),
                              QByteArray(QByteArray("Bearer ") + m_config.apiKey));
}

std::optional<QHttpServerResponse> SandboxApi::guard(const QHttpServerRequest &request,
                                                     bool requireKey)
{
    if (m_failNext > 0) {
        --m_failNext;
        return errorResponse(500,
                             QStringLiteral("injected_failure"),
                             QStringLiteral(
                                 "failure injected through /control/fail_next_requests"));
    }
    if (requireKey && !hasApiKey(request))
        return errorResponse(401,
                             QStringLiteral("unauthenticated"),
                             QStringLiteral("send Authorization: Bearer <api key>"));
    return std::nullopt;
}

std::optional<QJsonObject> SandboxApi::guardedBody(const QHttpServerRequest &request,
                                                   bool requireKey,
                                                   std::optional<QHttpServerResponse> *refused)
{
    *refused = guard(request, requireKey);
    if (*refused)
        return std::nullopt;
    return jsonBody(request, refused);
}

QHttpServerResponse SandboxApi::idempotent(const QString &scope,
                                           const QHttpServerRequest &request,
                                           const QJsonObject &body,
                                           const std::function<Answer()> &produce)
{
    const QByteArray key = header(request, "Idempotency-Key");
    if (key.isNull()) {
        const auto [status, json] = produce();
        return jsonResponse(status, json);
    }
    if (!isIdempotencyKey(key))
        return errorResponse(400,
                             QStringLiteral("bad_request"),
                             QStringLiteral("Idempotency-Key must be 1-255 printable ASCII"));
    const QString scopedKey = scope + QLatin1Char(':') + QString::fromLatin1(key);
    // QJsonObject keys are sorted, so the compact form is canonical for a given body.
    const QByteArray hash = QCryptographicHash::hash(QJsonDocument(body).toJson(
                                                         QJsonDocument::Compact),
                                                     QCryptographicHash::Sha256);
    if (const IdempotencyRecord *record = m_store->idempotency(scopedKey)) {
        if (record->requestHash != hash)
            return errorResponse(409,
                                 QStringLiteral("idempotency_conflict"),
                                 QStringLiteral("key reused with a different body"));
        QHttpServerResponse replay = rawJsonResponse(record->status, record->body);
        replay.addHeader("Idempotent-Replayed", "true");
        return replay;
    }
    const SandboxStore::DeferSaves together(*m_store); // the effect and its key in one write
    const auto [status, json] = produce();
    const QByteArray bytes = QJsonDocument(json).toJson(QJsonDocument::Compact);
    if (status >= 200 && status < 300) {
        m_store->putIdempotency(scopedKey, {hash, status, bytes});
        m_store->save();
    }
    return rawJsonResponse(status, bytes);
}

QHttpServerResponse SandboxApi::createIntent(const QHttpServerRequest &request)
{
    std::optional<QHttpServerResponse> refused;
    const auto body = guardedBody(request, true, &refused);
    if (!body)
        return std::move(*refused);
    const auto amount = wholeNumber(body->value(QStringLiteral("amount_cents")), kMaxAmountCents);
    if (!amount)
        return errorResponse(400,
                             QStringLiteral("bad_request"),
                             QStringLiteral("amount_cents must be a positive integer"));
    if (!isCurrency(body->value(QStringLiteral("currency"))))
        return errorResponse(400,
                             QStringLiteral("bad_request"),
                             QStringLiteral("currency must be a 3-letter upper-case code"));
    if (!isShortText(body->value(QStringLiteral("order_id"))))
        return errorResponse(400,
                             QStringLiteral("bad_request"),
                             QStringLiteral("order_id must be a string of 1-255 characters"));
    const QJsonValue metadata = body->value(QStringLiteral("metadata"));
    if (!metadata.isUndefined() && !metadata.isNull() && !metadata.isObject())
        return errorResponse(400,
                             QStringLiteral("bad_request"),
                             QStringLiteral("metadata must be an object"));

    return idempotent(QStringLiteral("intent"), request, *body, [&] {
        IntentRecord intent;
        intent.id = SandboxStore::newId(QStringLiteral("pi"));
        intent.clientSecret = intent.id + QStringLiteral("_secret_")
                              + SandboxStore::newId(QStringLiteral("cs")).mid(3);
        intent.status = QStringLiteral("requires_confirmation");
        intent.amountCents = *amount;
        intent.currency = body->value(QStringLiteral("currency")).toString();
        intent.orderId = body->value(QStringLiteral("order_id")).toString();
        intent.metadata = metadata.toObject();
        intent.created = QDateTime::currentSecsSinceEpoch();
        const QJsonObject json = SandboxStore::intentJson(m_store->addIntent(std::move(intent)));
        m_store->save(); // without an Idempotency-Key nothing else saves it before the answer
        return Answer{201, json};
    });
}

QHttpServerResponse SandboxApi::getIntent(const QString &id, const QHttpServerRequest &request)
{
    if (auto refused = guard(request, true))
        return std::move(*refused);
    return recordOr404(m_store->findIntent(id), QStringLiteral("intent"), &SandboxStore::intentJson);
}

QHttpServerResponse SandboxApi::cancelIntent(const QString &id, const QHttpServerRequest &request)
{
    if (auto refused = guard(request, true))
        return std::move(*refused);
    IntentRecord *intent = m_store->intent(id);
    if (!intent)
        return errorResponse(404, QStringLiteral("not_found"), notFound(QStringLiteral("intent")));
    // Cancelling twice answers the same; only an intent nobody confirmed yet can be cancelled.
    if (intent->status != QLatin1String("requires_confirmation")
        && intent->status != QLatin1String("cancelled")) {
        QJsonObject answer = errorBody(QStringLiteral("intent_unexpected_state"),
                                       QStringLiteral("intent is %1").arg(intent->status));
        answer.insert(QStringLiteral("intent"), SandboxStore::intentJson(*intent));
        return jsonResponse(409, answer);
    }
    intent->status = QStringLiteral("cancelled");
    m_store->save();
    return jsonResponse(200, SandboxStore::intentJson(*intent));
}

void SandboxApi::confirm(const QString &id,
                         const QHttpServerRequest &request,
                         QHttpServerResponder &&responder)
{
    bool hang = false;
    QHttpServerResponse response = confirmNow(id, request, &hang);
    if (!hang) {
        response.write(std::move(responder));
        return;
    }
    // The uncertain card: the payment goes ahead, but the caller only gets a late 504. Answered
    // through the responder, not a QFuture: Qt 6.4's QHttpServer writes a future's response
    // through a socket pointer that dangles when the client hung up meanwhile (a crash).
    const QPointer<QTcpSocket> socket = responder.socket();
    auto pending = std::make_shared<QHttpServerResponder>(std::move(responder));
    QTimer::singleShot(m_config.hangMs, this, [socket, pending] {
        if (!socket || socket->state() != QAbstractSocket::ConnectedState)
            return; // the caller gave up; nobody to answer
        errorResponse(504,
                      QStringLiteral("timeout"),
                      QStringLiteral("the card network did not answer in time"))
            .write(std::move(*pending));
    });
}

QHttpServerResponse SandboxApi::confirmNow(const QString &id,
                                           const QHttpServerRequest &request,
                                           bool *hang)
{
    std::optional<QHttpServerResponse> refused;
    const auto body = guardedBody(request, false, &refused);
    if (!body)
        return std::move(*refused);
    const IntentRecord *intent = m_store->findIntent(id);
    const QJsonValue secret = body->value(QStringLiteral("client_secret"));
    // A card form authenticates with the intent's client secret, a merchant with its key.
    const bool allowed = hasApiKey(request)
                         || (secret.isString() && hasClientSecret(id, secret.toString()));
    if (!allowed)
        return errorResponse(401,
                             QStringLiteral("unauthenticated"),
                             QStringLiteral("send the API key or the intent's client_secret"));
    if (!intent)
        return errorResponse(404, QStringLiteral("not_found"), notFound(QStringLiteral("intent")));
    const QJsonValue cardValue = body->value(QStringLiteral("card_number"));
    const QString card = cardValue.toString().remove(QLatin1Char(' '));
    if (!cardValue.isString() || !TestCards::isWellFormed(card))
        return errorResponse(400,
                             QStringLiteral("invalid_card_number"),
                             QStringLiteral("card_number must be 12-19 digits passing Luhn"));
    if (intent->status != QLatin1String("requires_confirmation")) {
        QJsonObject answer = errorBody(QStringLiteral("intent_unexpected_state"),
                                       QStringLiteral("intent is %1").arg(intent->status));
        answer.insert(QStringLiteral("intent"), SandboxStore::intentJson(*intent));
        return jsonResponse(409, answer);
    }

    switch (confirmWithCard(id, card)) {
    case Confirmation::Succeeded:
        return jsonResponse(200, SandboxStore::intentJson(*m_store->findIntent(id)));
    case Confirmation::Declined: {
        QJsonObject answer = errorBody(QStringLiteral("card_declined"),
                                       QStringLiteral("the card was declined"));
        answer.insert(QStringLiteral("intent"), SandboxStore::intentJson(*m_store->findIntent(id)));
        return jsonResponse(402, answer);
    }
    case Confirmation::Processing:
        *hang = TestCards::behaviourOf(card) == TestCards::Behaviour::Timeout;
        return jsonResponse(200, SandboxStore::intentJson(*m_store->findIntent(id)));
    }
    return errorResponse(400, QStringLiteral("invalid_card_number"), QString());
}

bool SandboxApi::hasClientSecret(const QString &id, const QString &secret) const
{
    const IntentRecord *intent = m_store->findIntent(id);
    if (!intent)
        return false;
    const QByteArray expected = intent->clientSecret.toUtf8();
    const QByteArray given = secret.toUtf8();
    // Constant time for a given length: how much of a guess was right does not show.
    unsigned char difference = expected.size() == given.size() ? 0 : 1;
    for (qsizetype i = 0; i < expected.size(); ++i)
        difference |= static_cast<unsigned char>(expected.at(i)
                                                 ^ (i < given.size() ? given.at(i) : 0));
    return difference == 0 && !expected.isEmpty();
}

SandboxApi::Confirmation SandboxApi::confirmWithCard(const QString &id, const QString &card)
{
    IntentRecord *intent = m_store->intent(id);
    const TestCards::Behaviour behaviour = TestCards::behaviourOf(card);
    intent->status = QStringLiteral("processing");
    switch (behaviour) {
    case TestCards::Behaviour::Succeed:
        intent->pendingOutcome = QStringLiteral("succeeded");
        finishProcessing(id);
        return Confirmation::Succeeded;
    case TestCards::Behaviour::Decline:
        intent->pendingOutcome = QStringLiteral("failed");
        intent->lastError = QStringLiteral("card_declined");
        finishProcessing(id);
        return Confirmation::Declined;
    case TestCards::Behaviour::Slow:
    case TestCards::Behaviour::Timeout:
        break;
    }
    intent->pendingOutcome = QStringLiteral("succeeded");
    m_store->save();
    QTimer::singleShot(m_config.slowMs, this, [this, id] { finishProcessing(id); });
    return Confirmation::Processing;
}

void SandboxApi::finishProcessing(const QString &intentId)
{
    const IntentRecord *processing = m_store->findIntent(intentId);
    if (!processing || processing->status != QLatin1String("processing"))
        return;
    IntentRecord *intent = m_store->intent(intentId);
    intent->status = intent->pendingOutcome.isEmpty() ? QStringLiteral("succeeded")
                                                      : intent->pendingOutcome;
    intent->pendingOutcome.clear();
    emitIntentEvent(*intent);
}

void SandboxApi::emitIntentEvent(const IntentRecord &intent)
{
    const QString type = intent.status == QLatin1String("succeeded")
                             ? QStringLiteral("payment.succeeded")
                             : QStringLiteral("payment.failed");
    const QJsonObject data{{QStringLiteral("intent_id"), intent.id},
                           {QStringLiteral("order_id"), intent.orderId},
                           {QStringLiteral("amount_cents"), intent.amountCents},
                           {QStringLiteral("currency"), intent.currency}};
    const QString eventId = m_store->addEvent(type, data).id;
    m_store->save();
    m_dispatcher->submit(eventId);
}

void SandboxApi::resumeProcessing()
{
    QStringList processing;
    for (const IntentRecord &intent : m_store->intents()) {
        if (intent.status == QLatin1String("processing"))
            processing.append(intent.id);
    }
    for (const QString &id : processing)
        QTimer::singleShot(m_config.slowMs, this, [this, id] { finishProcessing(id); });
}

QHttpServerResponse SandboxApi::createRefund(const QHttpServerRequest &request)
{
    std::optional<QHttpServerResponse> refused;
    const auto body = guardedBody(request, true, &refused);
    if (!body)
        return std::move(*refused);
    const QJsonValue intentId = body->value(QStringLiteral("intent_id"));
    if (!isShortText(intentId))
        return errorResponse(400,
                             QStringLiteral("bad_request"),
                             QStringLiteral("intent_id must be a string"));
    const QJsonValue amountValue = body->value(QStringLiteral("amount_cents"));
    const auto amount = wholeNumber(amountValue, kMaxAmountCents);
    if (!amountValue.isUndefined() && !amount)
        return errorResponse(400,
                             QStringLiteral("bad_request"),
                             QStringLiteral("amount_cents must be a positive integer"));

    return idempotent(QStringLiteral("refund"), request, *body, [&] {
        IntentRecord *intent = m_store->intent(intentId.toString());
        if (!intent)
            return Answer{404,
                          errorBody(QStringLiteral("not_found"),
                                    notFound(QStringLiteral("intent")))};
        if (intent->status != QLatin1String("succeeded"))
            return Answer{409,
                          errorBody(QStringLiteral("intent_not_refundable"),
                                    QStringLiteral("intent is %1").arg(intent->status))};
        const qint64 remaining = intent->amountCents - intent->amountRefundedCents;
        const qint64 refundCents = amount.value_or(remaining);
        if (refundCents <= 0 || refundCents > remaining)
            return Answer{400,
                          errorBody(QStringLiteral("amount_too_large"),
                                    QStringLiteral("%1 cents left to refund").arg(remaining))};
        intent->amountRefundedCents += refundCents;
        RefundRecord refund{SandboxStore::newId(QStringLiteral("re")),
                            intent->id,
                            refundCents,
                            intent->currency,
                            QStringLiteral("succeeded"),
                            QDateTime::currentSecsSinceEpoch()};
        const QJsonObject data{{QStringLiteral("intent_id"), intent->id},
                               {QStringLiteral("order_id"), intent->orderId},
                               {QStringLiteral("amount_cents"), refundCents},
                               {QStringLiteral("currency"), intent->currency},
                               {QStringLiteral("refund_id"), refund.id}};
        const QJsonObject json = SandboxStore::refundJson(m_store->addRefund(std::move(refund)));
        const QString eventId = m_store->addEvent(QStringLiteral("refund.succeeded"), data).id;
        m_store->save();
        m_dispatcher->submit(eventId);
        return Answer{201, json};
    });
}

QHttpServerResponse SandboxApi::getRefund(const QString &id, const QHttpServerRequest &request)
{
    if (auto refused = guard(request, true))
        return std::move(*refused);
    return recordOr404(m_store->findRefund(id), QStringLiteral("refund"), &SandboxStore::refundJson);
}

} // namespace boxoffice::sandbox
