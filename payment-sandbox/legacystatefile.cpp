// SPDX-License-Identifier: GPL-3.0-or-later
#include "legacystatefile.h"

#include "statedatabase.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>

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

QJsonArray array(const QJsonObject &root, const char *key)
{
    return root.value(QLatin1String(key)).toArray();
}

// The records of the old file, owned here while the batch points at them.
struct LegacyState
{
    QList<IntentRecord> intents;
    QList<RefundRecord> refunds;
    QList<std::pair<QString, IdempotencyRecord>> keys;
    QList<EventRecord> events;

    StateBatch batch() const
    {
        StateBatch batch;
        for (const IntentRecord &intent : intents)
            batch.intents.append(&intent);
        for (const RefundRecord &refund : refunds)
            batch.refunds.append(&refund);
        for (const auto &[key, record] : keys)
            batch.keys.append({key, &record});
        for (qsizetype i = 0; i < events.size(); ++i)
            batch.events.append({i, &events.at(i)});
        return batch;
    }
};

LegacyState parse(const QJsonObject &root)
{
    LegacyState state;
    for (const QJsonValue &value : array(root, "intents")) {
        const QJsonObject json = value.toObject();
        if (!str(json, "id").isEmpty())
            state.intents.append({str(json, "id"),
                                  str(json, "client_secret"),
                                  str(json, "status"),
                                  num(json, "amount_cents"),
                                  num(json, "amount_refunded_cents"),
                                  str(json, "currency"),
                                  str(json, "order_id"),
                                  json.value(QStringLiteral("metadata")).toObject(),
                                  str(json, "last_error"),
                                  str(json, "pending_outcome"),
                                  num(json, "created")});
    }
    for (const QJsonValue &value : array(root, "refunds")) {
        const QJsonObject json = value.toObject();
        if (!str(json, "id").isEmpty())
            state.refunds.append({str(json, "id"),
                                  str(json, "intent_id"),
                                  num(json, "amount_cents"),
                                  str(json, "currency"),
                                  str(json, "status"),
                                  num(json, "created")});
    }
    for (const QJsonValue &value : array(root, "idempotency")) {
        const QJsonObject json = value.toObject();
        state.keys.append({str(json, "key"),
                           {QByteArray::fromHex(str(json, "hash").toLatin1()),
                            static_cast<int>(num(json, "status")),
                            str(json, "body").toUtf8()}});
    }
    for (const QJsonValue &value : array(root, "events")) {
        const QJsonObject json = value.toObject();
        if (!str(json, "id").isEmpty())
            state.events.append({str(json, "id"),
                                 str(json, "type"),
                                 str(json, "body").toUtf8(),
                                 str(json, "status"),
                                 static_cast<int>(num(json, "attempts")),
                                 static_cast<int>(num(json, "deliveries")),
                                 static_cast<int>(num(json, "last_http_status")),
                                 str(json, "last_error"),
                                 num(json, "created")});
    }
    return state;
}

void removeDatabaseFiles(const QString &path)
{
    for (const char *suffix : {"", "-wal", "-shm", "-journal"})
        QFile::remove(path + QLatin1String(suffix));
}

} // namespace

bool migrateLegacyStateFile(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return false;
    }
    QJsonParseError parseError{};
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    file.close();
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        *error = QStringLiteral("neither a state database nor a JSON state file of an older "
                                "sandbox");
        return false;
    }
    const LegacyState state = parse(document.object());

    const QString building = path + QStringLiteral(".migrating");
    removeDatabaseFiles(building); // left by a crash during an earlier attempt
    StateDatabase database(building);
    if (!database.open(error) || !database.write(state.batch(), error)
        || !database.closeStandalone(error))
        return false;
    const QString kept = path + QStringLiteral(".v1.json");
    QFile::remove(kept);
    if (!QFile::copy(path, kept)) {
        *error = QStringLiteral("cannot keep the JSON file as ") + kept;
        return false;
    }
    // rename(2) replaces the JSON file in one step: it is either the old file or the database.
    if (std::rename(QFile::encodeName(building).constData(), QFile::encodeName(path).constData())
        != 0) {
        *error = QStringLiteral("cannot rename ") + building;
        return false;
    }
    return true;
}

} // namespace boxoffice::sandbox
