// SPDX-License-Identifier: GPL-3.0-or-later
#include "seatmaprepository.h"

#include "statement.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <numeric>

namespace boxoffice::server::db {

namespace {

const Statement kState{"seatmap_state",
                       "SELECT coalesce((SELECT version FROM seatmap_versions WHERE event_id = "
                       "e.id), 0), (SELECT min(version) FROM seatmap_log WHERE event_id = e.id),"
                       " e.seat_layout FROM events e WHERE e.id = $1::uuid"};
const Statement kDeltas{"seatmap_deltas",
                        "SELECT version, changes::text FROM seatmap_log WHERE event_id = $1::uuid"
                        " AND version > $2 ORDER BY version"};
// The event's version with its status vector (the relay keeps both in step; NULL ga: none).
const Statement kKept{"seatmap_kept",
                      "SELECT coalesce(v.version, 0), v.ga::text, (SELECT string_agg(s.codes, ''"
                      " ORDER BY s.chunk) FROM seatmap_statuses s WHERE s.event_id = e.id)"
                      " FROM events e LEFT JOIN seatmap_versions v ON v.event_id = e.id"
                      " WHERE e.id = $1::uuid"};
// Live statuses as one character per seat ('a', 'h', 's', 'b') with the seat's ordinal, in
// primary-key order (no sort of 60,000 rows; placed in map order here). Same status rule as the
// relay.
const Statement kStatuses{
    "seatmap_statuses",
    "SELECT CASE WHEN status = 'held' AND expires_at < now() THEN 'a' ELSE left(status, 1) END,"
    " ordinal FROM inventory WHERE event_id = $1::uuid ORDER BY seat_id"};
const Statement kRebuild{"seatmap_rebuild", "SELECT seatmap_rebuild_statuses($1::uuid)"};
// Only a template of the event's current layout (migration 0094).
const Statement kTemplate{"seatmap_template",
                          "SELECT t.seats, t.packed, t.seat_layout FROM seatmap_templates t"
                          " JOIN events e ON e.id = t.event_id AND e.seat_layout = t.seat_layout"
                          " WHERE t.event_id = $1::uuid"};
// A build that read an older layout never replaces a newer template.
const Statement
    kStoreTemplate{"seatmap_store_template",
                   "INSERT INTO seatmap_templates (event_id, seats, packed, seat_layout)"
                   " VALUES ($1::uuid, $2, $3, $4) ON CONFLICT (event_id) DO UPDATE"
                   " SET seats = excluded.seats, packed = excluded.packed,"
                   " seat_layout = excluded.seat_layout"
                   " WHERE seatmap_templates.seat_layout <= excluded.seat_layout"};
const Statement kSeatLayout{"seatmap_seat_layout",
                            "SELECT seat_layout FROM events WHERE id = $1::uuid"};

const Statement
    kRows{"seatmap_rows",
          "SELECT seat_id, section, row_label, number, category, x, y,"
          " CASE WHEN status = 'held' AND expires_at < now() THEN 'available' ELSE status END"
          " FROM inventory WHERE event_id = $1::uuid ORDER BY row_index, seat_index, seat_id"};
// The fixed fields in primary-key order: the index gives it without sorting 60,000 rows (the
// order above sorts on seat_id among the sections' equal row and seat indexes: ~100 ms); placed
// in map order by their ordinals here.
const Statement kScan{"seatmap_scan",
                      "SELECT seat_id, section, row_label, number, category, x, y, ordinal"
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

// Row indexes in map order: by ordinal when the ordinals are exactly 0..n-1 (the order of the
// status vector, whatever the collation does to seat ids later), else in the rows' order (an
// inventory written without ordinals).
std::vector<int> mapOrder(const pqxx::result &rows, int ordinalColumn)
{
    const int count = int(rows.size());
    std::vector<int> order(size_t(count), -1);
    for (int i = 0; i < count; ++i) {
        const pqxx::field field = rows[i][ordinalColumn];
        const long long ordinal = field.is_null() ? -1 : field.as<long long>();
        if (ordinal < 0 || ordinal >= count || order[size_t(ordinal)] >= 0) {
            std::iota(order.begin(), order.end(), 0);
            return order;
        }
        order[size_t(ordinal)] = i;
    }
    return order;
}

std::vector<GaRow> gaRows(Tx &tx, const QString &eventId)
{
    std::vector<GaRow> out;
    for (const auto &row : exec(tx, kGaRows, str(eventId)))
        out.push_back({qstr(row[0]), qstr(row[1]), row[2].as<int>(), row[3].as<int>()});
    return out;
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
    const auto current = version(tx, eventId);
    if (!current)
        return std::nullopt;
    SeatmapRows out;
    out.version = current->version;
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
    const auto current = version(tx, eventId);
    if (!current)
        return std::nullopt;
    const auto view = [](const pqxx::field &field) {
        return std::string_view(field.c_str(), field.size());
    };
    const auto rows = exec(tx, kScan, str(eventId));
    for (const int i : mapOrder(rows, 7)) {
        const auto row = rows[i];
        seat({view(row[0]),
              view(row[1]),
              view(row[2]),
              view(row[3]),
              view(row[4]),
              view(row[5]),
              view(row[6])});
    }
    for (const GaRow &zone : gaRows(tx, eventId))
        ga(zone);
    return current->version;
}

std::optional<SeatmapStatuses> SeatmapRepository::statuses(Tx &tx, const QString &eventId, bool live)
{
    if (!validUuid(eventId))
        return std::nullopt;
    const auto kept = exec(tx, kKept, str(eventId));
    if (kept.empty())
        return std::nullopt;
    SeatmapStatuses out;
    out.version = kept[0][0].as<qint64>();
    if (!live && !kept[0][1].is_null()) {
        out.kept = true;
        if (!kept[0][2].is_null()) // NULL: no seats
            out.codes = QByteArray(kept[0][2].c_str(), qsizetype(kept[0][2].size()));
        const QJsonObject zones = QJsonDocument::fromJson(QByteArray(kept[0][1].c_str())).object();
        for (auto zone = zones.begin(); zone != zones.end(); ++zone)
            out.ga.push_back({zone.key(), QString(), 0, zone.value().toInt()});
        return out;
    }
    const auto rows = exec(tx, kStatuses, str(eventId));
    out.codes.resize(qsizetype(rows.size()));
    qsizetype at = 0;
    for (const int i : mapOrder(rows, 1)) {
        if (rows[i][0].size() != 1)
            throw std::runtime_error("seat-map statuses: one character per seat expected");
        out.codes[at++] = rows[i][0].c_str()[0];
    }
    out.ga = gaRows(tx, eventId);
    return out;
}

bool SeatmapRepository::rebuildStatuses(Tx &tx, const QString &eventId)
{
    return validUuid(eventId) && !exec(tx, kRebuild, str(eventId))[0][0].is_null();
}

std::optional<SeatmapTemplate> SeatmapRepository::loadTemplate(Tx &tx, const QString &eventId)
{
    if (!validUuid(eventId))
        return std::nullopt;
    const auto row = exec(tx, kTemplate, str(eventId));
    if (row.empty())
        return std::nullopt;
    const pqxx::binarystring packed(row[0][1]);
    return SeatmapTemplate{row[0][0].as<int>(),
                           QByteArray(packed.get(), qsizetype(packed.size())),
                           row[0][2].as<int>()};
}

void SeatmapRepository::storeTemplate(Tx &tx, const QString &eventId, const SeatmapTemplate &stored)
{
    exec(tx,
         kStoreTemplate,
         str(eventId),
         stored.seats,
         pqxx::binarystring(stored.packed.constData(), size_t(stored.packed.size())),
         stored.layout);
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

std::optional<SeatmapVersion> SeatmapRepository::version(Tx &tx, const QString &eventId)
{
    if (!validUuid(eventId))
        return std::nullopt;
    const auto state = exec(tx, kState, str(eventId));
    if (state.empty())
        return std::nullopt;
    return SeatmapVersion{state[0][0].as<qint64>(), state[0][2].as<int>()};
}

int SeatmapRepository::seatLayout(Tx &tx, const QString &eventId)
{
    const auto row = exec(tx, kSeatLayout, str(eventId));
    return row.empty() ? 0 : row[0][0].as<int>();
}

} // namespace boxoffice::server::db
