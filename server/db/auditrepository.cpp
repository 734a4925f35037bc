// SPDX-License-Identifier: GPL-3.0-or-later
#include "auditrepository.h"

#include "statement.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace boxoffice::server::db {

namespace {

const Statement kRecord{"audit_record",
                        "INSERT INTO audit (actor, action, subject, event_id, before, after)"
                        " VALUES ($1, $2, $3, NULLIF($4, '')::uuid, $5::jsonb, $6::jsonb)"};
// details: the counter's older lines keep what they did there (no before/after).
const Statement
    kList{"audit_list",
          "SELECT id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"'), "
          "actor, action, coalesce(event_id::text, ''), subject,"
          " coalesce(before, '{}')::text, coalesce(after, details, '{}')::text FROM audit"
          " WHERE ($1::text = '' OR event_id = NULLIF($1::text, '')::uuid)"
          " AND ($2::text = '' OR created_at >= NULLIF($2::text, '')::timestamptz)"
          " AND ($3::bigint = 0 OR id < $3::bigint)"
          " ORDER BY id DESC LIMIT $4::integer"};

std::optional<std::string> jsonOrNull(const QVariantMap &values)
{
    if (values.isEmpty())
        return std::nullopt;
    return QJsonDocument(QJsonObject::fromVariantMap(values))
        .toJson(QJsonDocument::Compact)
        .toStdString();
}

QVariantMap mapOf(const pqxx::field &field)
{
    return QJsonDocument::fromJson(QByteArray(field.c_str(), int(field.size())))
        .object()
        .toVariantMap();
}

} // namespace

void AuditRepository::record(Tx &tx, const AuditEntry &entry)
{
    exec(tx,
         kRecord,
         str(entry.actor),
         str(entry.action),
         str(entry.subject),
         str(entry.eventId),
         jsonOrNull(entry.before),
         jsonOrNull(entry.after));
}

QList<AuditEntry> AuditRepository::list(Tx &tx, const AuditQuery &query)
{
    const auto rows = exec(tx,
                           kList,
                           str(query.eventId),
                           query.since.isValid()
                               ? query.since.toUTC().toString(Qt::ISODateWithMs).toStdString()
                               : std::string(),
                           query.beforeId,
                           query.limit);
    QList<AuditEntry> entries;
    entries.reserve(int(rows.size()));
    for (const auto &row : rows) {
        AuditEntry entry;
        entry.id = row[0].as<qint64>();
        entry.at = QDateTime::fromString(qstr(row[1]), Qt::ISODateWithMs);
        entry.actor = qstr(row[2]);
        entry.action = qstr(row[3]);
        entry.eventId = qstr(row[4]);
        entry.subject = qstr(row[5]);
        entry.before = mapOf(row[6]);
        entry.after = mapOf(row[7]);
        entries.append(entry);
    }
    return entries;
}

} // namespace boxoffice::server::db
