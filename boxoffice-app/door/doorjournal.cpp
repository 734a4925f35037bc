// SPDX-License-Identifier: GPL-3.0-or-later
#include "doorjournal.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>
#include <QVariant>

namespace boxoffice::app {

namespace {

const char *const kSchema[] = {
    "PRAGMA journal_mode = WAL",
    "PRAGMA synchronous = NORMAL",
    "CREATE TABLE IF NOT EXISTS door_keys (event_id TEXT NOT NULL, kid TEXT NOT NULL,"
    " x BLOB NOT NULL, PRIMARY KEY (event_id, kid))",
    "CREATE TABLE IF NOT EXISTS door_revoked (event_id TEXT NOT NULL, ticket_id TEXT NOT NULL,"
    " version INTEGER NOT NULL, PRIMARY KEY (event_id, ticket_id))",
    "CREATE TABLE IF NOT EXISTS door_lists (event_id TEXT PRIMARY KEY, cursor TEXT NOT NULL,"
    " fetched_at TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS door_scans (id INTEGER PRIMARY KEY AUTOINCREMENT,"
    " event_id TEXT NOT NULL, code TEXT NOT NULL, ticket_id TEXT NOT NULL DEFAULT '',"
    " gate TEXT NOT NULL, direction TEXT NOT NULL, scanned_at TEXT NOT NULL,"
    " device_id TEXT NOT NULL, local_result TEXT NOT NULL, synced INTEGER NOT NULL DEFAULT 0,"
    " server_result TEXT NOT NULL DEFAULT '', double_entry INTEGER NOT NULL DEFAULT 0)",
    "CREATE TABLE IF NOT EXISTS door_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS door_scans_ticket ON door_scans (event_id, ticket_id)",
    "CREATE INDEX IF NOT EXISTS door_scans_unsynced ON door_scans (synced, id)",
};

} // namespace

DoorJournal::DoorJournal(const QString &path)
    : m_connection(u"door-"_qs + QUuid::createUuid().toString(QUuid::Id128))
{
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
    db.setDatabaseName(path);
    m_open = db.open();
    for (const char *statement : kSchema) {
        if (m_open)
            m_open = QSqlQuery(db).exec(QString::fromLatin1(statement));
    }
}

DoorJournal::~DoorJournal()
{
    QSqlDatabase::database(m_connection).close();
    QSqlDatabase::removeDatabase(m_connection);
}

QString DoorJournal::deviceId(const QString &prefix)
{
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    QSqlQuery read(db);
    read.exec(QStringLiteral("SELECT value FROM door_meta WHERE key = 'device_id'"));
    if (read.next())
        return read.value(0).toString();
    const QString id = prefix + u'-' + QUuid::createUuid().toString(QUuid::Id128).left(8);
    QSqlQuery write(db);
    write.prepare(QStringLiteral("INSERT INTO door_meta (key, value) VALUES ('device_id', ?)"));
    write.addBindValue(id);
    write.exec();
    return id;
}

void DoorJournal::saveEventLabel(const QString &eventId, const QString &label)
{
    QSqlQuery write(QSqlDatabase::database(m_connection));
    write.prepare(QStringLiteral("INSERT OR REPLACE INTO door_meta (key, value) VALUES (?, ?)"));
    write.addBindValue(QString(u"event:"_qs + eventId));
    write.addBindValue(label);
    write.exec();
}

QString DoorJournal::eventLabel(const QString &eventId) const
{
    QSqlQuery read(QSqlDatabase::database(m_connection));
    read.prepare(QStringLiteral("SELECT value FROM door_meta WHERE key = ?"));
    read.addBindValue(QString(u"event:"_qs + eventId));
    read.exec();
    return read.next() ? read.value(0).toString() : QString();
}

void DoorJournal::saveKeys(const QString &eventId, const QHash<QString, QByteArray> &keys)
{
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    db.transaction();
    QSqlQuery wipe(db);
    wipe.prepare(QStringLiteral("DELETE FROM door_keys WHERE event_id = ?"));
    wipe.addBindValue(eventId);
    wipe.exec();
    for (auto it = keys.begin(); it != keys.end(); ++it) {
        QSqlQuery insert(db);
        insert.prepare(QStringLiteral("INSERT INTO door_keys (event_id, kid, x) VALUES (?, ?, ?)"));
        insert.addBindValue(eventId);
        insert.addBindValue(it.key());
        insert.addBindValue(it.value());
        insert.exec();
    }
    db.commit();
}

QHash<QString, QByteArray> DoorJournal::keys(const QString &eventId) const
{
    QSqlQuery query(QSqlDatabase::database(m_connection));
    query.prepare(QStringLiteral("SELECT kid, x FROM door_keys WHERE event_id = ?"));
    query.addBindValue(eventId);
    query.exec();
    QHash<QString, QByteArray> out;
    while (query.next())
        out.insert(query.value(0).toString(), query.value(1).toByteArray());
    return out;
}

void DoorJournal::addRevocations(const QString &eventId,
                                 const QList<QPair<QString, int>> &revoked,
                                 const QString &cursor)
{
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    db.transaction();
    for (const auto &[ticketId, version] : revoked) {
        QSqlQuery upsert(db);
        upsert.prepare(QStringLiteral(
            "INSERT INTO door_revoked (event_id, ticket_id, version) VALUES (?, ?, ?)"
            " ON CONFLICT (event_id, ticket_id) DO UPDATE SET version ="
            " max(version, excluded.version)"));
        upsert.addBindValue(eventId);
        upsert.addBindValue(ticketId);
        upsert.addBindValue(version);
        upsert.exec();
    }
    QSqlQuery list(db);
    list.prepare(QStringLiteral("INSERT OR REPLACE INTO door_lists (event_id, cursor, fetched_at)"
                                " VALUES (?, ?, ?)"));
    list.addBindValue(eventId);
    list.addBindValue(cursor);
    list.addBindValue(QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    list.exec();
    db.commit();
}

QString DoorJournal::revocationCursor(const QString &eventId) const
{
    QSqlQuery query(QSqlDatabase::database(m_connection));
    query.prepare(QStringLiteral("SELECT cursor FROM door_lists WHERE event_id = ?"));
    query.addBindValue(eventId);
    query.exec();
    return query.next() ? query.value(0).toString() : QString();
}

QDateTime DoorJournal::revocationsFetchedAt(const QString &eventId) const
{
    QSqlQuery query(QSqlDatabase::database(m_connection));
    query.prepare(QStringLiteral("SELECT fetched_at FROM door_lists WHERE event_id = ?"));
    query.addBindValue(eventId);
    query.exec();
    return query.next() ? QDateTime::fromString(query.value(0).toString(), Qt::ISODateWithMs)
                        : QDateTime();
}

int DoorJournal::revokedVersion(const QString &eventId, const QString &ticketId) const
{
    QSqlQuery query(QSqlDatabase::database(m_connection));
    query.prepare(
        QStringLiteral("SELECT version FROM door_revoked WHERE event_id = ? AND ticket_id = ?"));
    query.addBindValue(eventId);
    query.addBindValue(ticketId);
    query.exec();
    return query.next() ? query.value(0).toInt() : 0;
}

qint64 DoorJournal::record(const DoorScan &scan)
{
    QSqlQuery insert(QSqlDatabase::database(m_connection));
    insert.prepare(QStringLiteral(
        "INSERT INTO door_scans (event_id, code, ticket_id, gate, direction, scanned_at,"
        " device_id, local_result, synced) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    for (const QVariant &value : {QVariant(scan.eventId),
                                  QVariant(scan.code),
                                  QVariant(scan.ticketId),
                                  QVariant(scan.gate),
                                  QVariant(scan.direction),
                                  QVariant(scan.scannedAt),
                                  QVariant(scan.deviceId),
                                  QVariant(scan.localResult),
                                  QVariant(scan.synced ? 1 : 0)})
        insert.addBindValue(value);
    return insert.exec() ? insert.lastInsertId().toLongLong() : 0;
}

QString DoorJournal::admittedAt(const QString &eventId, const QString &ticketId, QString *gate) const
{
    QSqlQuery query(QSqlDatabase::database(m_connection));
    query.prepare(
        QStringLiteral("SELECT scanned_at, gate FROM door_scans WHERE event_id = ?"
                       " AND ticket_id = ? AND direction = 'in' AND local_result = 'valid'"
                       " ORDER BY id LIMIT 1"));
    query.addBindValue(eventId);
    query.addBindValue(ticketId);
    query.exec();
    if (!query.next())
        return {};
    *gate = query.value(1).toString();
    return query.value(0).toString();
}

QList<DoorScan> DoorJournal::unsynced(int limit) const
{
    QSqlQuery query(QSqlDatabase::database(m_connection));
    query.prepare(QStringLiteral("SELECT id, event_id, code, ticket_id, gate, direction,"
                                 " scanned_at, device_id, local_result FROM door_scans"
                                 " WHERE synced = 0 ORDER BY id LIMIT ?"));
    query.addBindValue(limit);
    query.exec();
    QList<DoorScan> out;
    while (query.next())
        out.append(DoorScan{query.value(0).toLongLong(),
                            query.value(1).toString(),
                            query.value(2).toString(),
                            query.value(3).toString(),
                            query.value(4).toString(),
                            query.value(5).toString(),
                            query.value(6).toString(),
                            query.value(7).toString(),
                            query.value(8).toString(),
                            false});
    return out;
}

void DoorJournal::markSynced(const QList<Synced> &batch)
{
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    db.transaction();
    QSqlQuery update(db);
    update.prepare(QStringLiteral("UPDATE door_scans SET synced = 1, server_result = ?,"
                                  " double_entry = ? WHERE id = ?"));
    for (const Synced &scan : batch) {
        update.addBindValue(scan.serverResult);
        update.addBindValue(scan.doubleEntry ? 1 : 0);
        update.addBindValue(scan.id);
        update.exec();
    }
    db.commit();
}

int DoorJournal::unsyncedCount() const
{
    QSqlQuery query(QSqlDatabase::database(m_connection));
    query.exec(QStringLiteral("SELECT count(*) FROM door_scans WHERE synced = 0"));
    return query.next() ? query.value(0).toInt() : 0;
}

} // namespace boxoffice::app
