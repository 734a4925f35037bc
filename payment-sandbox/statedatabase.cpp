// SPDX-License-Identifier: GPL-3.0-or-later
#include "statedatabase.h"

#include <QAtomicInteger>
#include <QFile>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace boxoffice::sandbox {

namespace {

constexpr int kSchemaVersion = 1;

// Events keep their creation order in `seq` (delivery at restart goes oldest first).
constexpr const char *kSchema[] = {
    "CREATE TABLE IF NOT EXISTS intents (id TEXT PRIMARY KEY, client_secret TEXT NOT NULL, "
    "status TEXT NOT NULL, amount_cents INTEGER NOT NULL, amount_refunded_cents INTEGER NOT NULL, "
    "currency TEXT NOT NULL, order_id TEXT NOT NULL, metadata TEXT NOT NULL, "
    "last_error TEXT NOT NULL, pending_outcome TEXT NOT NULL, created INTEGER NOT NULL) "
    "WITHOUT ROWID",
    "CREATE TABLE IF NOT EXISTS refunds (id TEXT PRIMARY KEY, intent_id TEXT NOT NULL, "
    "amount_cents INTEGER NOT NULL, currency TEXT NOT NULL, status TEXT NOT NULL, "
    "created INTEGER NOT NULL) WITHOUT ROWID",
    "CREATE TABLE IF NOT EXISTS idempotency (scoped_key TEXT PRIMARY KEY, "
    "request_hash BLOB NOT NULL, status INTEGER NOT NULL, body BLOB NOT NULL) WITHOUT ROWID",
    "CREATE TABLE IF NOT EXISTS events (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, "
    "type TEXT NOT NULL, body BLOB NOT NULL, status TEXT NOT NULL, attempts INTEGER NOT NULL, "
    "deliveries INTEGER NOT NULL, last_http_status INTEGER NOT NULL, last_error TEXT NOT NULL, "
    "created INTEGER NOT NULL)",
};

constexpr const char *kPutIntent
    = "INSERT OR REPLACE INTO intents VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
constexpr const char *kPutRefund = "INSERT OR REPLACE INTO refunds VALUES (?, ?, ?, ?, ?, ?)";
constexpr const char *kPutKey = "INSERT OR REPLACE INTO idempotency VALUES (?, ?, ?, ?)";
constexpr const char *kPutEvent
    = "INSERT OR REPLACE INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

// NOT NULL columns: a null QString would bind as NULL.
QVariant text(const QString &value)
{
    return value.isNull() ? QVariant(QStringLiteral("")) : QVariant(value);
}

QVariant bytes(const QByteArray &value)
{
    return value.isNull() ? QVariant(QByteArray("")) : QVariant(value);
}

QString failure(const char *what, const QSqlError &error)
{
    return QString::fromLatin1(what) + QStringLiteral(": ") + error.text();
}

} // namespace

struct StateDatabase::Connection
{
    QString name;
    QSqlDatabase db;
    QSqlQuery putIntent;
    QSqlQuery putRefund;
    QSqlQuery putKey;
    QSqlQuery putEvent;

    ~Connection()
    {
        for (QSqlQuery *query : {&putIntent, &putRefund, &putKey, &putEvent})
            *query = QSqlQuery(); // the queries go before their connection
        db.close();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(name);
    }
};

StateDatabase::StateDatabase(QString path)
    : m_path(std::move(path))
{}

StateDatabase::~StateDatabase() = default;

bool StateDatabase::isDatabaseFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    const QByteArray head = file.read(16);
    return head.isEmpty() || head == QByteArrayView("SQLite format 3\0", 16);
}

bool StateDatabase::open(QString *error)
{
    static QAtomicInteger<int> serial;
    auto connection = std::make_unique<Connection>();
    connection->name = QStringLiteral("sandbox-state-%1").arg(serial.fetchAndAddRelaxed(1));
    connection->db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection->name);
    if (!connection->db.isValid()) {
        *error = QStringLiteral("the Qt SQLite driver is missing (Debian: libqt6sql6-sqlite)");
        return false;
    }
    connection->db.setDatabaseName(m_path);
    if (!connection->db.open()) {
        *error = failure("cannot open", connection->db.lastError());
        return false;
    }
    QSqlQuery query(connection->db);
    // Exclusive: a second sandbox on the same file would keep its own diverging copy in memory.
    // FULL: every commit is synced, so an acknowledged change outlives a power cut as well.
    for (const char *pragma : {"PRAGMA locking_mode = EXCLUSIVE",
                               "PRAGMA journal_mode = WAL",
                               "PRAGMA synchronous = FULL"}) {
        if (!query.exec(QString::fromLatin1(pragma))) {
            *error = failure(pragma, query.lastError());
            return false;
        }
    }
    if (!query.exec(QStringLiteral("PRAGMA user_version")) || !query.next()) {
        *error = failure("not a database", query.lastError());
        return false;
    }
    const int version = query.value(0).toInt();
    if (version > kSchemaVersion) {
        *error = QStringLiteral("state database has schema %1; this sandbox knows up to %2")
                     .arg(version)
                     .arg(kSchemaVersion);
        return false;
    }
    connection->db.transaction();
    for (const char *statement : kSchema) {
        if (!query.exec(QString::fromLatin1(statement))) {
            *error = failure("cannot create the tables", query.lastError());
            return false;
        }
    }
    query.exec(QStringLiteral("PRAGMA user_version = %1").arg(kSchemaVersion));
    if (!connection->db.commit()) {
        *error = failure("cannot create the tables", connection->db.lastError());
        return false;
    }
    const std::pair<QSqlQuery *, const char *> statements[] = {{&connection->putIntent, kPutIntent},
                                                               {&connection->putRefund, kPutRefund},
                                                               {&connection->putKey, kPutKey},
                                                               {&connection->putEvent, kPutEvent}};
    for (const auto &[statement, sql] : statements) {
        *statement = QSqlQuery(connection->db);
        if (!statement->prepare(QString::fromLatin1(sql))) {
            *error = failure("cannot prepare", statement->lastError());
            return false;
        }
    }
    m_connection = std::move(connection);
    return true;
}

bool StateDatabase::read(const StateReader &reader, QString *error) const
{
    QSqlQuery query(m_connection->db);
    query.setForwardOnly(true);
    if (!query.exec(QStringLiteral("SELECT * FROM intents"))) {
        *error = failure("cannot read intents", query.lastError());
        return false;
    }
    while (query.next()) {
        reader.intent({query.value(0).toString(),
                       query.value(1).toString(),
                       query.value(2).toString(),
                       query.value(3).toLongLong(),
                       query.value(4).toLongLong(),
                       query.value(5).toString(),
                       query.value(6).toString(),
                       QJsonDocument::fromJson(query.value(7).toByteArray()).object(),
                       query.value(8).toString(),
                       query.value(9).toString(),
                       query.value(10).toLongLong()});
    }
    if (!query.exec(QStringLiteral("SELECT * FROM refunds"))) {
        *error = failure("cannot read refunds", query.lastError());
        return false;
    }
    while (query.next()) {
        reader.refund({query.value(0).toString(),
                       query.value(1).toString(),
                       query.value(2).toLongLong(),
                       query.value(3).toString(),
                       query.value(4).toString(),
                       query.value(5).toLongLong()});
    }
    if (!query.exec(QStringLiteral("SELECT * FROM idempotency"))) {
        *error = failure("cannot read idempotency keys", query.lastError());
        return false;
    }
    while (query.next()) {
        reader.key(query.value(0).toString(),
                   {query.value(1).toByteArray(),
                    query.value(2).toInt(),
                    query.value(3).toByteArray()});
    }
    if (!query.exec(QStringLiteral("SELECT * FROM events ORDER BY seq"))) {
        *error = failure("cannot read events", query.lastError());
        return false;
    }
    while (query.next()) {
        reader.event({query.value(1).toString(),
                      query.value(2).toString(),
                      query.value(3).toByteArray(),
                      query.value(4).toString(),
                      query.value(5).toInt(),
                      query.value(6).toInt(),
                      query.value(7).toInt(),
                      query.value(8).toString(),
                      query.value(9).toLongLong()});
    }
    return true;
}

bool StateDatabase::write(const StateBatch &batch, QString *error)
{
    Connection &c = *m_connection;
    if (!c.db.transaction()) {
        *error = failure("cannot begin", c.db.lastError());
        return false;
    }
    QSqlError failed;
    auto run = [&failed](QSqlQuery &query, std::initializer_list<QVariant> values) {
        if (failed.isValid())
            return;
        int i = 0;
        for (const QVariant &value : values)
            query.bindValue(i++, value);
        if (!query.exec())
            failed = query.lastError();
    };
    for (const IntentRecord *intent : batch.intents) {
        run(c.putIntent,
            {intent->id,
             text(intent->clientSecret),
             text(intent->status),
             intent->amountCents,
             intent->amountRefundedCents,
             text(intent->currency),
             text(intent->orderId),
             QJsonDocument(intent->metadata).toJson(QJsonDocument::Compact),
             text(intent->lastError),
             text(intent->pendingOutcome),
             intent->created});
    }
    for (const RefundRecord *refund : batch.refunds) {
        run(c.putRefund,
            {refund->id,
             text(refund->intentId),
             refund->amountCents,
             text(refund->currency),
             text(refund->status),
             refund->created});
    }
    for (const auto &[key, record] : batch.keys)
        run(c.putKey, {key, bytes(record->requestHash), record->status, bytes(record->body)});
    for (const auto &[seq, event] : batch.events) {
        run(c.putEvent,
            {seq,
             event->id,
             text(event->type),
             bytes(event->body),
             text(event->status),
             event->attempts,
             event->deliveries,
             event->lastHttpStatus,
             text(event->lastError),
             event->created});
    }
    if (failed.isValid()) {
        *error = failure("cannot write", failed);
        c.db.rollback();
        return false;
    }
    if (!c.db.commit()) {
        *error = failure("cannot commit", c.db.lastError());
        c.db.rollback();
        return false;
    }
    return true;
}

bool StateDatabase::closeStandalone(QString *error)
{
    QSqlQuery query(m_connection->db);
    if (!query.exec(QStringLiteral("PRAGMA journal_mode = DELETE"))) {
        *error = failure("cannot leave WAL mode", query.lastError());
        return false;
    }
    query = QSqlQuery();
    m_connection.reset();
    return true;
}

} // namespace boxoffice::sandbox
