// SPDX-License-Identifier: GPL-3.0-or-later
#include "ticketrepository.h"

#include "statement.h"

namespace boxoffice::server::db {

namespace {

// The place a door screen names: section/row/number and the category's name.
#define SCANNED_COLUMNS \
    "t.id, t.event_id, coalesce(t.seat_id, ''), coalesce(t.ga_id, ''), t.status, t.version," \
    " coalesce(i.section, ''), coalesce(i.row_label, ''), coalesce(i.number, '')," \
    " coalesce(pc.name, gpc.name, g.name, ''), coalesce(to_char(t.used_at AT TIME ZONE 'UTC'," \
    " 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), ''), coalesce(t.used_gate, '')," \
    " coalesce(t.used_device, '')"
#define SCANNED_JOINS \
    " LEFT JOIN inventory i ON i.event_id = t.event_id AND i.seat_id = t.seat_id" \
    " LEFT JOIN price_categories pc ON pc.event_id = t.event_id AND pc.category_id = i.category" \
    " LEFT JOIN ga_zones g ON g.event_id = t.event_id AND g.ga_id = t.ga_id" \
    " LEFT JOIN price_categories gpc ON gpc.event_id = t.event_id AND gpc.category_id = " \
    "g.category"

const Statement
    kKeys{"ticket_keys_all",
          "SELECT kid, public_key, sealed_seed FROM ticket_keys ORDER BY created_at, kid"};
const Statement kInsertKey{"ticket_key_insert",
                           "INSERT INTO ticket_keys (kid, public_key, sealed_seed)"
                           " VALUES ($1, $2, $3)"};
const Statement kEventExists{"ticket_event_exists", "SELECT 1 FROM events WHERE id = $1::uuid"};
const Statement kLockKeys{"ticket_keys_lock", "SELECT pg_advisory_xact_lock(7016160001)"};
const Statement kFind{"ticket_find_scanned",
                      "SELECT " SCANNED_COLUMNS " FROM tickets t" SCANNED_JOINS
                      " WHERE t.id = $1::uuid"};
// FOR UPDATE after ORDER BY: rows are locked in id order.
const Statement kLockForScans{"tickets_lock_for_scans",
                              "SELECT " SCANNED_COLUMNS
                              ", t.code, to_char(now() AT TIME ZONE 'UTC',"
                              " 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') FROM tickets t" SCANNED_JOINS
                              " WHERE t.id = ANY($1::uuid[]) ORDER BY t.id FOR UPDATE OF t"};
const Statement
    kMarkAdmitted{"tickets_mark_admitted",
                  "UPDATE tickets t SET used_at = coalesce(NULLIF(a.at, '')::timestamptz, now()),"
                  " used_gate = a.gate, used_device = a.device"
                  " FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[])"
                  " AS a(id, at, gate, device) WHERE t.id = a.id"};
const Statement
    kLogScans{"ticket_scans_log",
              "INSERT INTO ticket_scans (ticket_id, event_id, gate, direction, device_id,"
              " scanned_at, result, flagged)"
              " SELECT NULLIF(s.ticket, '')::uuid, s.event::uuid, s.gate, s.direction, s.device,"
              " coalesce(NULLIF(s.at, '')::timestamptz, now()), s.result, s.flagged"
              " FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],"
              " $6::text[], $7::text[], $8::boolean[]) WITH ORDINALITY"
              " AS s(ticket, event, gate, direction, device, at, result, flagged, n) ORDER BY n"};
const Statement
    kUsedAmong{"tickets_used_among",
               "SELECT id FROM tickets WHERE id = ANY($1::uuid[]) AND used_at IS NOT NULL"
               " ORDER BY id"};
// Rows of transactions below xmin are settled for good: nothing can appear before them later.
const Statement kRevocations{"ticket_revocations_since",
                             "SELECT txid::text, seq, ticket_id, version FROM ticket_revocations"
                             " WHERE event_id = $1::uuid AND (txid, seq) > ($2::xid8, $3)"
                             " AND txid < pg_snapshot_xmin(pg_current_snapshot())"
                             " ORDER BY txid, seq LIMIT $4"};
const Statement kBump{"ticket_bump_version",
                      "UPDATE tickets SET version = $2, code = $3 WHERE id = $1::uuid"};

ScannedTicket scannedFromRow(const pqxx::row &row)
{
    ScannedTicket t;
    t.id = qstr(row[0]);
    t.eventId = qstr(row[1]);
    t.seatId = qstr(row[2]);
    t.gaId = qstr(row[3]);
    t.status = qstr(row[4]);
    t.version = row[5].as<int>();
    t.section = qstr(row[6]);
    t.row = qstr(row[7]);
    t.number = qstr(row[8]);
    t.category = qstr(row[9]);
    t.firstUsedAt = qstr(row[10]);
    t.usedGate = qstr(row[11]);
    t.usedDevice = qstr(row[12]);
    return t;
}

constexpr auto kBase64 = QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals;

QByteArray bytesOf(const pqxx::field &field)
{
    return QByteArray::fromBase64(QByteArray(field.c_str()), kBase64);
}

std::string textOf(const QByteArray &bytes)
{
    return bytes.toBase64(kBase64).toStdString();
}

} // namespace

QList<StoredTicketKey> TicketRepository::keys(Tx &tx)
{
    QList<StoredTicketKey> out;
    for (const auto &row : exec(tx, kKeys))
        out.append({qstr(row[0]), bytesOf(row[1]), bytesOf(row[2])});
    return out;
}

void TicketRepository::insertKey(Tx &tx, const StoredTicketKey &key)
{
    exec(tx, kInsertKey, str(key.kid), textOf(key.publicKey), textOf(key.sealedSeed));
}

void TicketRepository::lockKeys(Tx &tx)
{
    exec(tx, kLockKeys);
}

bool TicketRepository::eventExists(Tx &tx, const QString &eventId)
{
    return !exec(tx, kEventExists, str(eventId)).empty();
}

std::optional<ScannedTicket> TicketRepository::find(Tx &tx, const QString &ticketId)
{
    const auto result = exec(tx, kFind, str(ticketId));
    if (result.empty())
        return std::nullopt;
    return scannedFromRow(result[0]);
}

QHash<QString, ScannedTicket> TicketRepository::lockForScans(Tx &tx,
                                                             const QStringList &ids,
                                                             QString *now)
{
    QHash<QString, ScannedTicket> out;
    if (ids.isEmpty())
        return out;
    for (const auto &row : exec(tx, kLockForScans, textArray(ids))) {
        ScannedTicket ticket = scannedFromRow(row);
        ticket.code = qstr(row[13]);
        *now = qstr(row[14]);
        out.insert(ticket.id, ticket);
    }
    return out;
}

void TicketRepository::markAdmitted(Tx &tx, const QList<ScanRequest> &admitted)
{
    if (admitted.isEmpty())
        return;
    QStringList ids, at, gates, devices;
    for (const ScanRequest &scan : admitted) {
        ids.append(scan.ticketId);
        at.append(scan.scannedAt);
        gates.append(scan.gate);
        devices.append(scan.deviceId);
    }
    exec(tx, kMarkAdmitted, textArray(ids), textArray(at), textArray(gates), textArray(devices));
}

void TicketRepository::logScans(Tx &tx, const QList<LoggedScan> &scans)
{
    if (scans.isEmpty())
        return;
    QStringList tickets, events, gates, directions, devices, at, results, flagged;
    for (const LoggedScan &logged : scans) {
        tickets.append(logged.scan.ticketId);
        events.append(logged.scan.eventId);
        gates.append(logged.scan.gate);
        directions.append(logged.scan.direction);
        devices.append(logged.scan.deviceId);
        at.append(logged.scan.scannedAt);
        results.append(logged.result);
        flagged.append(logged.flagged ? QStringLiteral("t") : QStringLiteral("f"));
    }
    exec(tx,
         kLogScans,
         textArray(tickets),
         textArray(events),
         textArray(gates),
         textArray(directions),
         textArray(devices),
         textArray(at),
         textArray(results),
         textArray(flagged));
}

QStringList TicketRepository::usedAmong(Tx &tx, const QStringList &ids)
{
    QStringList out;
    for (const auto &row : exec(tx, kUsedAmong, textArray(ids)))
        out.append(qstr(row[0]));
    return out;
}

QList<Revocation> TicketRepository::revocations(Tx &tx,
                                                const QString &eventId,
                                                const RevocationCursor &cursor,
                                                int limit,
                                                RevocationCursor *next)
{
    QList<Revocation> out;
    *next = cursor;
    for (const auto &row :
         exec(tx, kRevocations, str(eventId), cursor.txid.toStdString(), cursor.seq, limit)) {
        *next = {QByteArray(row[0].c_str()), row[1].as<qint64>()};
        out.append({qstr(row[2]), row[3].as<int>()});
    }
    return out;
}

void TicketRepository::bumpVersion(Tx &tx, const QString &ticketId, int version, const QString &code)
{
    exec(tx, kBump, str(ticketId), version, str(code));
}

} // namespace boxoffice::server::db
