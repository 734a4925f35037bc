#include "relaystore.h"

#include "statement.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <map>
#include <set>
#include <string_view>

namespace boxoffice::server::db {

namespace {

// Session lock key pair for the relay leader. Advisory keys (7305098, n) in use: 1 sweeper,
// 2 reconciler, 3 compensation worker (xact locks), 20 relay (this session lock).
constexpr int kLockClass = 7305098;
constexpr int kRelayLock = 20;

// Rows of transactions below xmin are committed or aborted for good: nothing can still appear
// before them. Rows at or above xmin wait, even when already committed, so order holds.
constexpr const char *kTake
    = "SELECT id, event_id::text, kind, payload::text, created_at::text FROM outbox"
      " WHERE published_at IS NULL AND txid < pg_snapshot_xmin(pg_current_snapshot())"
      " ORDER BY txid, id LIMIT $1 FOR UPDATE";
// Status as the seat map shows it: a held seat whose hold expired is available.
constexpr const char *kSeatStatus
    = "SELECT seat_id, CASE WHEN status = 'held' AND expires_at < now() THEN 'available'"
      " ELSE status END FROM inventory WHERE event_id = $1::uuid AND seat_id = ANY($2::text[])"
      " ORDER BY seat_id";
constexpr const char *kGaAvailable
    = "SELECT ga_id, capacity - held - sold FROM ga_zones WHERE event_id = $1::uuid"
      " AND ga_id = ANY($2::text[]) ORDER BY ga_id";
constexpr const char *kNextVersion
    = "INSERT INTO seatmap_versions (event_id, version) VALUES ($1::uuid, 1)"
      " ON CONFLICT (event_id) DO UPDATE SET version = seatmap_versions.version + 1"
      " RETURNING version";
constexpr const char *kLog = "INSERT INTO seatmap_log (event_id, version, changes)"
                             " VALUES ($1::uuid, $2, $3::jsonb)";
constexpr const char *kHistory
    = "INSERT INTO seat_history (event_id, seat_id, outbox_id, kind, payload, created_at)"
      " SELECT $1::uuid, s, $2, $3, $4::jsonb, $5::timestamptz FROM unnest($6::text[]) AS s";
constexpr const char *kMark = "UPDATE outbox SET published_at = now() WHERE id = ANY($1::bigint[])";
constexpr const char *kNotify = "SELECT pg_notify('seatmap', $1)";
// `order.*` rows go to order_log (so a feed that was reconnecting catches up from its cursor)
// and one NOTIFY on `orders` per batch wakes every instance's feed.
constexpr const char *kOrderLog = "INSERT INTO order_log (order_id, owner) VALUES ($1, $2)";
constexpr const char *kNotifyOrders = "SELECT pg_notify('orders', '')";

struct EventChanges
{
    std::set<QString> seats;
    std::set<QString> zones;
};

QStringList toList(const std::set<QString> &values)
{
    return QStringList(values.begin(), values.end());
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
    if (rows.empty())
        return {};
    std::map<QString, EventChanges> byEvent;
    std::string ids = "{";
    bool orders = false;
    for (const auto &row : rows) {
        if (ids.size() > 1)
            ids += ',';
        ids += row[0].c_str();
        if (std::string_view(row[2].c_str()).starts_with("order.")) {
            const QJsonObject order = QJsonDocument::fromJson(QByteArray(row[3].c_str())).object();
            const QString orderId = order.value(u"order_id").toString();
            if (!orderId.isEmpty()) {
                work.exec_params(kOrderLog, str(orderId), str(order.value(u"owner").toString()));
                orders = true;
            }
            continue;
        }
        if (row[1].is_null())
            continue; // not about an event's seat map
        const QString eventId = qstr(row[1]);
        const QJsonObject payload = QJsonDocument::fromJson(QByteArray(row[3].c_str())).object();
        EventChanges &changes = byEvent[eventId];
        QStringList seats;
        for (const auto &seat : payload.value(u"seats").toArray())
            seats.append(seat.toString());
        for (const QString &seat : seats)
            changes.seats.insert(seat);
        if (payload.value(u"ga").isString())
            changes.zones.insert(payload.value(u"ga").toString());
        if (!seats.isEmpty())
            work.exec_params(kHistory,
                             str(eventId),
                             row[0].as<qint64>(),
                             row[2].c_str(),
                             row[3].c_str(),
                             row[4].c_str(),
                             textArray(seats));
    }
    ids += '}';

    std::vector<PublishedVersion> published;
    for (const auto &[eventId, changes] : byEvent) {
        QJsonArray seats;
        if (!changes.seats.empty()) {
            for (const auto &row :
                 work.exec_params(kSeatStatus, str(eventId), textArray(toList(changes.seats))))
                seats.append(QJsonObject{{QStringLiteral("id"), qstr(row[0])},
                                         {QStringLiteral("status"), qstr(row[1])}});
        }
        QJsonArray zones;
        if (!changes.zones.empty()) {
            for (const auto &row :
                 work.exec_params(kGaAvailable, str(eventId), textArray(toList(changes.zones))))
                zones.append(QJsonObject{{QStringLiteral("id"), qstr(row[0])},
                                         {QStringLiteral("available"), row[1].as<int>()}});
        }
        if (seats.isEmpty() && zones.isEmpty())
            continue; // e.g. event.created: nothing on the map changed
        const qint64 version = work.exec_params1(kNextVersion, str(eventId))[0].as<qint64>();
        const QJsonObject delta{{QStringLiteral("seats"), seats}, {QStringLiteral("ga"), zones}};
        work.exec_params(kLog,
                         str(eventId),
                         version,
                         QJsonDocument(delta).toJson(QJsonDocument::Compact).toStdString());
        work.exec_params(kNotify, str(eventId) + ':' + std::to_string(version));
        published.push_back({eventId, version});
    }
    if (orders)
        work.exec(kNotifyOrders);
    work.exec_params(kMark, ids);
    work.commit();
    return published;
}

double RelayStore::lagSeconds()
{
    pqxx::nontransaction work(m_pq->connection);
    return work
        .exec("SELECT coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8"
              " FROM outbox WHERE published_at IS NULL")[0][0]
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
