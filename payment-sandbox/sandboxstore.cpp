// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandboxstore.h"

#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QSaveFile>

#include <utility>

namespace boxoffice::sandbox {

namespace {

QString str(const QJsonObject &object, const char *key)
{
    return object.value(QLatin1String(key)).toString();
}

qint64 num(const QJsonObject &object, const char *key)
{
    return object.value(QLatin1String(key)).toInteger();
}

} // namespace

SandboxStore::SandboxStore(QString stateFile)
    : m_stateFile(std::move(stateFile))
{}

QString SandboxStore::newId(const QString &prefix)
{
    QByteArray bytes(12, Qt::Uninitialized);
    QRandomGenerator::system()->generate(bytes.begin(), bytes.end());
    return prefix + QLatin1Char('_') + QString::fromLatin1(bytes.toHex());
}

IntentRecord *SandboxStore::intent(const QString &id)
{
    const auto it = m_intents.find(id);
    return it == m_intents.end() ? nullptr : &it.value();
}

IntentRecord &SandboxStore::addIntent(IntentRecord intent)
{
    const QString id = intent.id;
    return m_intents.insert(id, std::move(intent)).value();
}

RefundRecord *SandboxStore::refund(const QString &id)
{
    const auto it = m_refunds.find(id);
    return it == m_refunds.end() ? nullptr : &it.value();
}

RefundRecord &SandboxStore::addRefund(RefundRecord refund)
{
    const QString id = refund.id;
    return m_refunds.insert(id, std::move(refund)).value();
}

const IdempotencyRecord *SandboxStore::idempotency(const QString &scopedKey) const
{
    const auto it = m_idempotency.constFind(scopedKey);
    return it == m_idempotency.cend() ? nullptr : &it.value();
}

void SandboxStore::putIdempotency(const QString &scopedKey, IdempotencyRecord record)
{
    m_idempotency.insert(scopedKey, std::move(record));
}

EventRecord *SandboxStore::event(const QString &id)
{
    for (EventRecord &event : m_events) {
        if (event.id == id)
            return &event;
    }
    return nullptr;
}

EventRecord &SandboxStore::addEvent(const QString &type, const QJsonObject &data)
{
    EventRecord event;
    event.id = newId(QStringLiteral("evt"));
    event.type = type;
    event.created = QDateTime::currentSecsSinceEpoch();
    event.status = QStringLiteral("pending");
    const QJsonObject body{{QStringLiteral("id"), event.id},
                           {QStringLiteral("type"), type},
                           {QStringLiteral("created"), event.created},
                           {QStringLiteral("data"), data}};
    event.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
    m_events.append(std::move(event));
    return m_events.last();
}

QJsonObject SandboxStore::intentJson(const IntentRecord &intent)
{
    QJsonObject json{{QStringLiteral("id"), intent.id},
                     {QStringLiteral("object"), QStringLiteral("payment_intent")},
                     {QStringLiteral("client_secret"), intent.clientSecret},
                     {QStringLiteral("status"), intent.status},
                     {QStringLiteral("amount_cents"), intent.amountCents},
                     {QStringLiteral("amount_refunded_cents"), intent.amountRefundedCents},
                     {QStringLiteral("currency"), intent.currency},
                     {QStringLiteral("order_id"), intent.orderId},
                     {QStringLiteral("metadata"), intent.metadata},
                     {QStringLiteral("created"), intent.created}};
    json.insert(QStringLiteral("last_error"),
                intent.lastError.isEmpty() ? QJsonValue() : QJsonValue(intent.lastError));
    return json;
}

QJsonObject SandboxStore::refundJson(const RefundRecord &refund)
{
    return {{QStringLiteral("id"), refund.id},
            {QStringLiteral("object"), QStringLiteral("refund")},
            {QStringLiteral("intent_id"), refund.intentId},
            {QStringLiteral("amount_cents"), refund.amountCents},
            {QStringLiteral("currency"), refund.currency},
            {QStringLiteral("status"), refund.status},
            {QStringLiteral("created"), refund.created}};
}

QJsonObject SandboxStore::eventJson(const EventRecord &event)
{
    return {{QStringLiteral("id"), event.id},
            {QStringLiteral("type"), event.type},
            {QStringLiteral("status"), event.status},
            {QStringLiteral("attempts"), event.attempts},
            {QStringLiteral("deliveries"), event.deliveries},
            {QStringLiteral("last_http_status"), event.lastHttpStatus},
            {QStringLiteral("last_error"), event.lastError},
            {QStringLiteral("created"), event.created},
            {QStringLiteral("body"), QString::fromUtf8(event.body)}};
}

SandboxStore::DeferSaves::DeferSaves(const SandboxStore &store)
    : m_store(store)
{
    ++m_store.m_deferring;
}

SandboxStore::DeferSaves::~DeferSaves()
{
    if (--m_store.m_deferring == 0 && std::exchange(m_store.m_saveDue, false))
        m_store.save();
}

void SandboxStore::save() const
{
    if (m_stateFile.isEmpty())
        return;
    if (m_deferring > 0) {
        m_saveDue = true;
        return;
    }
    QJsonArray intents;
    for (const IntentRecord &intent : m_intents) {
        QJsonObject json = intentJson(intent);
        json.insert(QStringLiteral("pending_outcome"), intent.pendingOutcome);
        intents.append(json);
    }
    QJsonArray refunds;
    for (const RefundRecord &refund : m_refunds)
        refunds.append(refundJson(refund));
    QJsonArray keys;
    for (auto it = m_idempotency.cbegin(); it != m_idempotency.cend(); ++it) {
        keys.append(
            QJsonObject{{QStringLiteral("key"), it.key()},
                        {QStringLiteral("hash"), QString::fromLatin1(it->requestHash.toHex())},
                        {QStringLiteral("status"), it->status},
                        {QStringLiteral("body"), QString::fromUtf8(it->body)}});
    }
    QJsonArray events;
    for (const EventRecord &event : m_events)
        events.append(eventJson(event));
    const QJsonObject root{{QStringLiteral("intents"), intents},
                           {QStringLiteral("refunds"), refunds},
                           {QStringLiteral("idempotency"), keys},
                           {QStringLiteral("events"), events}};

    // QSaveFile renames over the old file only after a complete write: a crash keeps the old state.
    QSaveFile file(m_stateFile);
    if (!file.open(QIODevice::WriteOnly)) {
        qWarning("payment-sandbox: cannot write %s: %s",
                 qPrintable(m_stateFile),
                 qPrintable(file.errorString()));
        return;
    }
    file.write(QJsonDocument(root).toJson(QJsonDocument::Compact));
    if (!file.commit())
        qWarning("payment-sandbox: cannot commit %s", qPrintable(m_stateFile));
}

bool SandboxStore::load(QString *error)
{
    if (m_stateFile.isEmpty() || !QFile::exists(m_stateFile))
        return true;
    QFile file(m_stateFile);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return false;
    }
    QJsonParseError parseError{};
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        *error = QStringLiteral("state file is not a JSON object");
        return false;
    }
    const QJsonObject root = document.object();
    for (const QJsonValue &value : root.value(QStringLiteral("intents")).toArray()) {
        const QJsonObject json = value.toObject();
        IntentRecord intent{str(json, "id"),
                            str(json, "client_secret"),
                            str(json, "status"),
                            num(json, "amount_cents"),
                            num(json, "amount_refunded_cents"),
                            str(json, "currency"),
                            str(json, "order_id"),
                            json.value(QStringLiteral("metadata")).toObject(),
                            str(json, "last_error"),
                            str(json, "pending_outcome"),
                            num(json, "created")};
        if (!intent.id.isEmpty())
            addIntent(std::move(intent));
    }
    for (const QJsonValue &value : root.value(QStringLiteral("refunds")).toArray()) {
        const QJsonObject json = value.toObject();
        RefundRecord refund{str(json, "id"),
                            str(json, "intent_id"),
                            num(json, "amount_cents"),
                            str(json, "currency"),
                            str(json, "status"),
                            num(json, "created")};
        if (!refund.id.isEmpty())
            addRefund(std::move(refund));
    }
    for (const QJsonValue &value : root.value(QStringLiteral("idempotency")).toArray()) {
        const QJsonObject json = value.toObject();
        putIdempotency(str(json, "key"),
                       {QByteArray::fromHex(str(json, "hash").toLatin1()),
                        static_cast<int>(num(json, "status")),
                        str(json, "body").toUtf8()});
    }
    for (const QJsonValue &value : root.value(QStringLiteral("events")).toArray()) {
        const QJsonObject json = value.toObject();
        EventRecord event{str(json, "id"),
                          str(json, "type"),
                          str(json, "body").toUtf8(),
                          str(json, "status"),
                          static_cast<int>(num(json, "attempts")),
                          static_cast<int>(num(json, "deliveries")),
                          static_cast<int>(num(json, "last_http_status")),
                          str(json, "last_error"),
                          num(json, "created")};
        if (!event.id.isEmpty())
            m_events.append(std::move(event));
    }
    return true;
}

} // namespace boxoffice::sandbox
