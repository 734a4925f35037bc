// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandboxstore.h"

#include "legacystatefile.h"
#include "statedatabase.h"

#include <QDateTime>
#include <QFile>
#include <QJsonDocument>
#include <QRandomGenerator>

#include <algorithm>
#include <cstdlib>
#include <utility>

namespace boxoffice::sandbox {

SandboxStore::SandboxStore(QString stateFile)
    : m_stateFile(std::move(stateFile))
{}

SandboxStore::~SandboxStore() = default;

QString SandboxStore::newId(const QString &prefix)
{
    QByteArray bytes(12, Qt::Uninitialized);
    QRandomGenerator::system()->generate(bytes.begin(), bytes.end());
    return prefix + QLatin1Char('_') + QString::fromLatin1(bytes.toHex());
}

IntentRecord *SandboxStore::intent(const QString &id)
{
    const auto it = m_intents.find(id);
    if (it == m_intents.end())
        return nullptr;
    m_changedIntents.insert(id);
    return &it.value();
}

const IntentRecord *SandboxStore::findIntent(const QString &id) const
{
    const auto it = m_intents.constFind(id);
    return it == m_intents.cend() ? nullptr : &it.value();
}

IntentRecord &SandboxStore::addIntent(IntentRecord intent)
{
    const QString id = intent.id;
    m_changedIntents.insert(id);
    return m_intents.insert(id, std::move(intent)).value();
}

RefundRecord *SandboxStore::refund(const QString &id)
{
    const auto it = m_refunds.find(id);
    if (it == m_refunds.end())
        return nullptr;
    m_changedRefunds.insert(id);
    return &it.value();
}

const RefundRecord *SandboxStore::findRefund(const QString &id) const
{
    const auto it = m_refunds.constFind(id);
    return it == m_refunds.cend() ? nullptr : &it.value();
}

RefundRecord &SandboxStore::addRefund(RefundRecord refund)
{
    const QString id = refund.id;
    m_changedRefunds.insert(id);
    return m_refunds.insert(id, std::move(refund)).value();
}

const IdempotencyRecord *SandboxStore::idempotency(const QString &scopedKey) const
{
    const auto it = m_idempotency.constFind(scopedKey);
    return it == m_idempotency.cend() ? nullptr : &it.value();
}

void SandboxStore::putIdempotency(const QString &scopedKey, IdempotencyRecord record)
{
    m_changedKeys.insert(scopedKey);
    m_idempotency.insert(scopedKey, std::move(record));
}

EventRecord *SandboxStore::event(const QString &id)
{
    const qsizetype at = m_eventIndex.value(id, -1);
    if (at < 0)
        return nullptr;
    m_changedEvents.insert(at);
    return &m_events[at];
}

const EventRecord *SandboxStore::findEvent(const QString &id) const
{
    const qsizetype at = m_eventIndex.value(id, -1);
    return at < 0 ? nullptr : &m_events.at(at);
}

void SandboxStore::appendEvent(EventRecord event)
{
    m_eventIndex.insert(event.id, m_events.size());
    m_events.append(std::move(event));
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
    m_changedEvents.insert(m_events.size());
    appendEvent(std::move(event));
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
    if (m_deferring > 0) {
        m_saveDue = true;
        return;
    }
    StateBatch batch;
    for (const QString &id : std::as_const(m_changedIntents))
        batch.intents.append(&m_intents.find(id).value());
    for (const QString &id : std::as_const(m_changedRefunds))
        batch.refunds.append(&m_refunds.find(id).value());
    for (const QString &key : std::as_const(m_changedKeys))
        batch.keys.append({key, &m_idempotency.find(key).value()});
    for (const qsizetype at : std::as_const(m_changedEvents))
        batch.events.append({at, &m_events.at(at)});
    QString error;
    if (m_database && !batch.isEmpty() && !m_database->write(batch, &error)) {
        // The change is in memory and perhaps already promised to nobody yet: stopping here is
        // the only way not to acknowledge it. A restart resumes from the last write kept.
        qCritical("payment-sandbox: cannot write %s: %s; stopping",
                  qPrintable(m_stateFile),
                  qPrintable(error));
        std::_Exit(3);
    }
    m_changedIntents.clear();
    m_changedRefunds.clear();
    m_changedKeys.clear();
    m_changedEvents.clear();
}

bool SandboxStore::open(QString *error)
{
    if (m_stateFile.isEmpty())
        return true;
    if (QFile::exists(m_stateFile) && !StateDatabase::isDatabaseFile(m_stateFile)
        && !migrateLegacyStateFile(m_stateFile, error))
        return false;
    auto database = std::make_unique<StateDatabase>(m_stateFile);
    StateReader reader;
    reader.intent = [this](IntentRecord &&intent) {
        const QString id = intent.id;
        m_intents.insert(id, std::move(intent));
    };
    reader.refund = [this](RefundRecord &&refund) {
        const QString id = refund.id;
        m_refunds.insert(id, std::move(refund));
    };
    reader.key = [this](const QString &key, IdempotencyRecord &&record) {
        m_idempotency.insert(key, std::move(record));
    };
    reader.event = [this](EventRecord &&event) { appendEvent(std::move(event)); };
    if (!database->open(error) || !database->read(reader, error))
        return false;
    m_database = std::move(database);
    return true;
}

} // namespace boxoffice::sandbox
