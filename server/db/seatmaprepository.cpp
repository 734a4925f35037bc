#include "seatmaprepository.h"

#include "statement.h"

#include <QRegularExpression>

namespace boxoffice::server::db {

namespace {

const Statement kState{"seatmap_state",
                       "SELECT coalesce((SELECT version FROM seatmap_versions WHERE event_id = "
                       "e.id), 0), (SELECT min(version) FROM seatmap_log WHERE event_id = e.id)"
                       " FROM events e WHERE e.id = $1::uuid"};
const Statement kDeltas{"seatmap_deltas",
                        "SELECT version, changes::text FROM seatmap_log WHERE event_id = $1::uuid"
                        " AND version > $2 ORDER BY version"};
// Statuses as one character per seat ('a', 'h', 's', 'b') in seat id order: one row each, in
// the order of the query's own ORDER BY, which the primary key gives without a sort (an ORDER BY
// inside string_agg would sort 60,000 rows again, ~50 ms; the order of an ordered subquery is
// not guaranteed). Same status rule as the relay.
const Statement kStatuses{
    "seatmap_statuses",
    "SELECT CASE WHEN status = 'held' AND expires_at < now() THEN 'a' ELSE left(status, 1) END"
    " FROM inventory WHERE event_id = $1::uuid ORDER BY seat_id"};
const Statement kTemplate{"seatmap_template",
                          "SELECT body FROM seatmap_templates WHERE event_id = $1::uuid"};
const Statement kStoreTemplate{"seatmap_store_template",
                               "INSERT INTO seatmap_templates (event_id, seats, body)"
                               " VALUES ($1::uuid, $2, $3) ON CONFLICT (event_id) DO UPDATE"
                               " SET seats = excluded.seats, body = excluded.body"};

const Statement
    kRows{"seatmap_rows",
          "SELECT seat_id, section, row_label, number, category, x, y,"
          " CASE WHEN status = 'held' AND expires_at < now() THEN 'available' ELSE status END"
          " FROM inventory WHERE event_id = $1::uuid ORDER BY row_index, seat_index, seat_id"};
// The same in primary-key order: the index gives it without sorting 60,000 rows (the order
// above sorts on seat_id among the sections' equal row and seat indexes: ~100 ms).
const Statement
    kScan{"seatmap_scan",
          "SELECT seat_id, section, row_label, number, category, x, y,"
          " CASE WHEN status = 'held' AND expires_at < now() THEN 'available' ELSE status END"
          " FROM inventory WHERE event_id = $1::uuid ORDER BY seat_id"};
const Statement kGaRows{"seatmap_ga_rows",
                        "SELECT ga_id, name, capacity, capacity - held - sold FROM ga_zones"
                        " WHERE event_id = $1::uuid ORDER BY ga_id"};

const Statement kUpcoming{"seatmap_upcoming",
                          "SELECT id::text FROM events WHERE starts_at > now()"
                          " ORDER BY starts_at LIMIT $1"};

// Beyond this many missing versions a snapshot is cheaper than the deltas.
constexpr qint64 kMaxDeltas = 500;

bool validUuid(const QString &id)
{
    static const QRegularExpression pattern(QStringLiteral(
        "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"));
    return pattern.match(id).hasMatch();
}

} // namespace

std::optional<SeatmapCatchUp> SeatmapRepository::catchUp(Tx &tx,
                                                         const QString &eventId,
                                                         qint64 since)
{
    if (!validUuid(eventId))
        return std::nullopt;
    const auto state = exec(tx, kState, str(eventId));
    if (state.empty())
        return std::nullopt;
    SeatmapCatchUp out;
    out.version = state[0][0].as<qint64>();
    const qint64 oldest = state[0][1].is_null() ? out.version + 1 : state[0][1].as<qint64>();
    if (since >= 0 && since <= out.version && out.version - since <= kMaxDeltas
        && (since == out.version || oldest <= since + 1)) {
        for (const auto &row : exec(tx, kDeltas, str(eventId), since))
            out.deltas.push_back({eventId,
                                  row[0].as<qint64>(),
                                  QByteArray(row[1].c_str(), qsizetype(row[1].size()))});
        return out;
    }
    out.snapshot = true; // the caller takes it from the seat-map cache
    return out;
}

std::optional<SeatmapRows> SeatmapRepository::rows(Tx &tx, const QString &eventId)
{
    const std::optional<qint64> current = version(tx, eventId);
    if (!current)
        return std::nullopt;
    SeatmapRows out;
    out.version = *current;
    const auto seats = exec(tx, kRows, str(eventId));
    out.seats.reserve(size_t(seats.size()));
    for (const auto &row : seats)
        out.seats.push_back({qstr(row[0]),
                             qstr(row[1]),
                             qstr(row[2]),
                             qstr(row[3]),
                             qstr(row[4]),
                             qstr(row[7]),
                             row[5].as<double>(),
                             row[6].as<double>()});
    for (const auto &row : exec(tx, kGaRows, str(eventId)))
        out.ga.push_back({qstr(row[0]), qstr(row[1]), row[2].as<int>(), row[3].as<int>()});
    return out;
}

std::optional<qint64> SeatmapRepository::scan(Tx &tx,
                                              const QString &eventId,
                                              const std::function<void(const SeatView &)> &seat,
                                              const std::function<void(const GaRow &)> &ga)
{
    const std::optional<qint64> current = version(tx, eventId);
    if (!current)
        return std::nullopt;
    const auto view = [](const pqxx::field &field) {
        return std::string_view(field.c_str(), field.size());
    };
    for (const auto &row : exec(tx, kScan, str(eventId)))
        seat({view(row[0]),
              view(row[1]),
              view(row[2]),
              view(row[3]),
              view(row[4]),
              view(row[5]),
              view(row[6]),
              view(row[7])});
    for (const auto &row : exec(tx, kGaRows, str(eventId)))
        ga({qstr(row[0]), qstr(row[1]), row[2].as<int>(), row[3].as<int>()});
    return current;
}

std::optional<SeatmapStatuses> SeatmapRepository::statuses(Tx &tx, const QString &eventId)
{
    const std::optional<qint64> current = version(tx, eventId);
    if (!current)
        return std::nullopt;
    SeatmapStatuses out;
    out.version = *current;
    const auto rows = exec(tx, kStatuses, str(eventId));
    out.codes.reserve(qsizetype(rows.size()));
    for (const auto &row : rows) {
        if (row[0].size() != 1)
            throw std::runtime_error("seat-map statuses: one character per seat expected");
        out.codes.append(row[0].c_str()[0]);
    }
    for (const auto &zone : exec(tx, kGaRows, str(eventId)))
        out.ga.push_back({qstr(zone[0]), qstr(zone[1]), zone[2].as<int>(), zone[3].as<int>()});
    return out;
}

std::optional<QByteArray> SeatmapRepository::loadTemplate(Tx &tx, const QString &eventId)
{
    if (!validUuid(eventId))
        return std::nullopt;
    const auto row = exec(tx, kTemplate, str(eventId));
    if (row.empty())
        return std::nullopt;
    return QByteArray(row[0][0].c_str(), qsizetype(row[0][0].size()));
}

void SeatmapRepository::storeTemplate(Tx &tx,
                                      const QString &eventId,
                                      int seats,
                                      const QByteArray &body)
{
    exec(tx, kStoreTemplate, str(eventId), seats, body.toStdString());
}

std::optional<std::vector<SeatmapDelta>> SeatmapRepository::deltasAfter(Tx &tx,
                                                                        const QString &eventId,
                                                                        qint64 since)
{
    std::vector<SeatmapDelta> out;
    qint64 expected = since + 1;
    for (const auto &row : exec(tx, kDeltas, str(eventId), since)) {
        const qint64 version = row[0].as<qint64>();
        if (version != expected)
            return std::nullopt; // pruned
        ++expected;
        out.push_back({eventId, version, QByteArray(row[1].c_str(), qsizetype(row[1].size()))});
    }
    return out;
}

std::vector<QString> SeatmapRepository::upcomingEvents(Tx &tx, int limit)
{
    std::vector<QString> out;
    for (const auto &row : exec(tx, kUpcoming, limit))
        out.push_back(qstr(row[0]));
    return out;
}

std::optional<qint64> SeatmapRepository::version(Tx &tx, const QString &eventId)
{
    if (!validUuid(eventId))
        return std::nullopt;
    const auto state = exec(tx, kState, str(eventId));
    if (state.empty())
        return std::nullopt;
    return state[0][0].as<qint64>();
}

} // namespace boxoffice::server::db
