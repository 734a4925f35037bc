// SPDX-License-Identifier: GPL-3.0-or-later
#include "relaystore.h"

#include "outboxcodec.h"
#include "seatmapdeltacodec.h"
#include "statement.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <map>
#include <set>
#include <stdexcept>
#include <string_view>

namespace boxoffice::server::db {

namespace {

// Session lock key pair for the relay leader. Advisory keys (7305098, n) in use: 1 sweeper,
// 2 reconciler, 3 compensation worker (xact locks), 20 relay (this session lock).
constexpr int kLockClass = 7305098;
constexpr int kRelayLock = 20;

// Rows of transactions below xmin are committed or aborted for good: nothing can still appear
// before them. Rows at or above xmin wait, even when already committed, so order holds. What
// was taken is published up to the cursor (migration 0041): no per-row UPDATE, no row locks
// (one relay leads, and the conditional cursor UPDATE refuses to go back).
constexpr const char *kTake
    = "SELECT id, txid::text AS tx, event_id::text, kind, payload::text FROM outbox"
      " WHERE (txid, id) > ((SELECT txid FROM outbox_relay_cursor),"
      " (SELECT id FROM outbox_relay_cursor))"
      " AND txid < pg_snapshot_xmin(pg_current_snapshot())"
      " ORDER BY txid, id LIMIT $1";
constexpr const char *kAdvance
    = "UPDATE outbox_relay_cursor SET txid = $1::xid8, id = $2 WHERE (txid, id) < ($1::xid8, $2)";
// Status as the seat map shows it: a held seat whose hold expired is available. One primary
// key lookup per seat, whatever the statistics say (with `seat_id = ANY(...)` or a join, the
// planner read the event's whole inventory for a batch of a few hundred seats).
// One pass over the event's rows at worst (a lookup per seat could walk them once per seat).
constexpr const char *kSeatStatus
    = "SELECT seat_id, CASE WHEN status = 'held' AND expires_at < now() THEN 'available'"
      " ELSE status END, ordinal FROM inventory"
      " WHERE event_id = $1::uuid AND seat_id = ANY($2::text[]) ORDER BY seat_id";
constexpr const char *kGaAvailable
    = "SELECT ga_id, capacity - held - sold FROM ga_zones WHERE event_id = $1::uuid"
      " AND ga_id = ANY($2::text[]) ORDER BY ga_id";
// The event's next version (with the GA counts of its status vector, migration 0051), its log
// row and the NOTIFY in one statement. The version row stays locked until the commit, so a
// rebuild of the vector (seatmap_rebuild_statuses) never interleaves with this batch.
constexpr const char *kPublish
    = "WITH v AS (INSERT INTO seatmap_versions (event_id, version) VALUES ($1::uuid, 1)"
      "   ON CONFLICT (event_id) DO UPDATE SET version = seatmap_versions.version + 1,"
      "   ga = seatmap_versions.ga || $3::jsonb RETURNING version),"
      " l AS (INSERT INTO seatmap_log (event_id, version, changes)"
      "   SELECT $1::uuid, v.version, $2::jsonb FROM v RETURNING version)"
      " SELECT l.version, pg_notify('seatmap', $1::uuid::text || ':' || l.version) FROM l";
// The event's status vector (migration 0051): the codes of 1,024 seats per row, chunk = ordinal
// / 1024. Read and written back whole per batch (two statements for all the chunks a batch
// touched; per seat in SQL it was ~13 us, one array copy each).
constexpr int kStatusChunk = 1024;
constexpr const char *kReadCodes
    = "SELECT chunk, codes FROM seatmap_statuses WHERE event_id = $1::uuid"
      " AND chunk = ANY($2::int[])";
constexpr const char *kWriteCodes
    = "UPDATE seatmap_statuses s SET codes = u.codes FROM unnest($2::int[], $3::text[])"
      " AS u(chunk, codes) WHERE s.event_id = $1::uuid AND s.chunk = u.chunk";
// Seat history of the whole batch in one statement, one row per seat of each outbox row, read
// from the outbox rows themselves (which the history refers to, migration 0058).
constexpr const char *kHistory = "INSERT INTO seat_history (event_id, seat_id, outbox_id)"
                                 " SELECT o.event_id, s.seat, o.id FROM outbox o"
                                 " CROSS JOIN LATERAL jsonb_array_elements_text(o.payload->'seats')"
                                 "   WITH ORDINALITY AS s(seat, n)"
                                 " WHERE o.id = ANY($1::bigint[]) ORDER BY o.txid, o.id, s.n";
// `order.*` rows go to order_log (so a feed that was reconnecting catches up from its cursor)
// and one NOTIFY on `orders` per batch wakes every instance's feed.
constexpr const char *kOrderLog
    = "WITH l AS (INSERT INTO order_log (order_id, owner)"
      "   SELECT o, w FROM unnest($1::uuid[], $2::text[]) WITH ORDINALITY AS u(o, w, n)"
      "   ORDER BY n RETURNING 1)"
      " SELECT pg_notify('orders', '') WHERE EXISTS (SELECT FROM l)";

struct EventChanges
{
    std::set<QString> seats;
    std::set<QString> zones;
};

QStringList toList(const std::set<QString> &values)
{
    return QStringList(values.begin(), values.end());
}

// Sets seats' codes (ordinal -> 'a'vailable, 'h'eld, 's'old, 'b'locked) in the event's status
// vector; nothing when the event has none. Runs after kPublish, whose lock on the version row
// keeps a rebuild of the vector (seatmap_rebuild_statuses) out until the commit.
void setCodes(pqxx::work &work, const QString &eventId, const std::map<int, char> &codes)
{
    std::string chunks = "{";
    for (int last = -1; const auto &[ordinal, code] : codes) {
        if (ordinal / kStatusChunk == last)
            continue;
        chunks += (last < 0 ? "" : ",") + std::to_string(ordinal / kStatusChunk);
        last = ordinal / kStatusChunk;
    }
    std::map<int, std::string> texts;
    for (const auto &row : work.exec_params(kReadCodes, str(eventId), chunks + '}'))
        texts.emplace(row[0].as<int>(), row[1].as<std::string>());
    if (texts.empty())
        return;
    for (const auto &[ordinal, code] : codes) {
        const auto text = texts.find(ordinal / kStatusChunk);
        if (text != texts.end() && size_t(ordinal % kStatusChunk) < text->second.size())
            text->second[size_t(ordinal % kStatusChunk)] = code;
    }
    std::string ids = "{", values = "{";
    for (const auto &[chunk, text] : texts) {
        ids += (ids.size() > 1 ? "," : "") + std::to_string(chunk);
        values += (values.size() > 1 ? ",\"" : "\"") + text + '"'; // letters only
    }
    work.exec_params(kWriteCodes, str(eventId), ids + '}', values + '}');
}

} // namespace

RelayStore::RelayStore(const std::string &url)
    : m_pq(std::make_unique<PqConnection>(url))
{}

RelayStore::~RelayStore() = default;

bool RelayStore::tryLead()
{
    pqxx::nontransaction work(m_pq->connection);
    return work.exec_params1("SELECT pg_try_advisory_lock($1, $2)", kLockClass, kRelayLock)[0]
        .as<bool>();
}

std::vector<PublishedVersion> RelayStore::relayBatch(int limit)
{
    pqxx::work work(m_pq->connection);
    const pqxx::result rows = work.exec_params(kTake, limit);
    m_lastBatchRows = int(rows.size());
    if (rows.empty())
        return {};
    std::map<QString, EventChanges> byEvent;
    QStringList historyIds, orderIds, orderOwners;
    for (const auto &row : rows) {
        if (std::string_view(row[3].c_str()).starts_with("order.")) {
            const OutboxChange order = readOutboxPayload(QByteArray(row[4].c_str()));
            if (!order.orderId.isEmpty()) {
                orderIds.append(order.orderId);
                orderOwners.append(order.owner);
            }
            continue;
        }
        if (row[2].is_null())
            continue; // not about an event's seat map
        const OutboxChange payload = readOutboxPayload(QByteArray(row[4].c_str()));
        EventChanges &changes = byEvent[qstr(row[2])];
        for (const QString &seat : payload.seats)
            changes.seats.insert(seat);
        if (!payload.gaZone.isEmpty())
            changes.zones.insert(payload.gaZone);
        if (!payload.seats.isEmpty())
            historyIds.append(qstr(row[0]));
    }
    if (!historyIds.isEmpty())
        work.exec_params(kHistory, '{' + str(historyIds.join(',')) + '}');
    if (!orderIds.isEmpty())
        work.exec_params(kOrderLog, textArray(orderIds), textArray(orderOwners));

    std::vector<PublishedVersion> published;
    for (const auto &[eventId, changes] : byEvent) {
        SeatmapChanges delta;
        std::map<int, char> codes; // ordinal -> status code, for the status vector
        if (!changes.seats.empty()) {
            for (const auto &row :
                 work.exec_params(kSeatStatus, str(eventId), textArray(toList(changes.seats)))) {
                delta.seats.append({qstr(row[0]), qstr(row[1])});
                if (!row[2].is_null())
                    codes.emplace(row[2].as<int>(), row[1].c_str()[0]);
            }
        }
        QJsonObject available;
        if (!changes.zones.empty()) {
            for (const auto &row :
                 work.exec_params(kGaAvailable, str(eventId), textArray(toList(changes.zones)))) {
                delta.zones.append({qstr(row[0]), row[1].as<int>()});
                available.insert(qstr(row[0]), row[1].as<int>());
            }
        }
        if (delta.seats.isEmpty() && delta.zones.isEmpty())
            continue; // e.g. event.created: nothing on the map changed
        const qint64 version = work.exec_params1(kPublish,
                                                 str(eventId),
                                                 seatmapChangesJson(delta).toStdString(),
                                                 QJsonDocument(available)
                                                     .toJson(QJsonDocument::Compact)
                                                     .toStdString())[0]
                                   .as<qint64>();
        if (!codes.empty())
            setCodes(work, eventId, codes);
        published.push_back({eventId, version});
    }
    const auto &last = rows[rows.size() - 1];
    if (work.exec_params(kAdvance, last[1].c_str(), last[0].as<qint64>()).affected_rows() != 1)
        throw std::runtime_error("outbox relay cursor moved under this relay");
    work.commit();
    return published;
}

double RelayStore::lagSeconds()
{
    pqxx::nontransaction work(m_pq->connection);
    return work
        .exec("SELECT coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8"
              " FROM outbox_pending")[0][0]
        .as<double>();
}

int RelayStore::prune(int keepSeconds)
{
    pqxx::work work(m_pq->connection);
    const auto result = work.exec_params(
        "DELETE FROM seatmap_log l USING seatmap_versions v WHERE l.event_id = v.event_id"
        " AND l.version < v.version AND l.created_at < now() - make_interval(secs => $1)",
        keepSeconds);
    work.exec_params("DELETE FROM order_log WHERE created_at < now() - make_interval(secs => $1)"
                     " AND seq < (SELECT max(seq) FROM order_log)",
                     keepSeconds);
    work.commit();
    return int(result.affected_rows());
}

} // namespace boxoffice::server::db
