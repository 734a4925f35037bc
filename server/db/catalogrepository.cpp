// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalogrepository.h"

#include "inventorystatistics.h"
#include "outboxrepository.h"
#include "statement.h"

#include <cmath>

namespace boxoffice::server::db {

namespace {

const Statement
    kInsertVenue{"venue_insert",
                 "INSERT INTO venues (id, name, city, lat, lng, document, seat_count, time_zone)"
                 " VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8) ON CONFLICT (id) DO NOTHING "
                 "RETURNING version"};
const Statement
    kUpdateVenue{"venue_update",
                 "UPDATE venues SET name = $2, city = $3, lat = $4, lng = $5, document = $6::jsonb,"
                 " seat_count = $7, time_zone = $8, version = version + 1, updated_at = now() "
                 "WHERE id = $1 AND version = $9"
                 " RETURNING version"};
const Statement kVenue{"venue_get", "SELECT id, version, document::text FROM venues WHERE id = $1"};
const Statement kVenues{"venue_list",
                        "SELECT id, name, city, version, seat_count FROM venues ORDER BY id"};
const Statement kSetFocal{"venue_set_focal",
                          "UPDATE venues SET focal_x = $2, focal_y = $3 WHERE id = $1"};
const Statement kClearLayout{"venue_clear_layout",
                             "WITH a AS (DELETE FROM venue_seats WHERE venue_id = $1),"
                             " b AS (DELETE FROM venue_ga WHERE venue_id = $1)"
                             " DELETE FROM venue_categories WHERE venue_id = $1"};
const Statement kLayoutCategories{
    "venue_layout_categories",
    "INSERT INTO venue_categories (venue_id, category_id, name, color)"
    " SELECT $1, c, n, k FROM unnest($2::text[], $3::text[], $4::text[]) AS t(c, n, k)"};
const Statement kLayoutSeats{
    "venue_layout_seats",
    "INSERT INTO venue_seats (venue_id, seat_id, section, row_label, number, row_index, seat_index,"
    " category, x, y, rank)"
    " SELECT $1, s, sec, r, n, ri, si, c, x, y, rk FROM unnest($2::text[], $3::text[],"
    " $4::text[], $5::text[], $6::int[], $7::int[], $8::text[], $9::float8[], $10::float8[],"
    " $11::float8[]) AS t(s, sec, r, n, ri, si, c, x, y, rk)"};
const Statement
    kLayoutGa{"venue_layout_ga",
              "INSERT INTO venue_ga (venue_id, ga_id, name, category, capacity)"
              " SELECT $1, g, n, c, cap FROM unnest($2::text[], $3::text[], $4::text[], $5::int[])"
              " AS t(g, n, c, cap)"};
const Statement kVenueCategories{"venue_categories",
                                 "SELECT category_id FROM venue_categories WHERE venue_id = $1"
                                 " ORDER BY category_id"};
const Statement kInsertEvent{
    "event_insert",
    "INSERT INTO events (venue_id, venue_version, title, category, starts_at, on_sale_at, currency,"
    " sale_conditions, max_seats_per_user, max_holds_per_user, hold_seconds, queue_enabled,"
    " queue_admit_per_minute, queue_max_active, focal_x, focal_y)"
    " SELECT id, version, $2, $3, $4::timestamptz, $5::timestamptz, $6, $7, $8, $9, $10, $11, $12,"
    " $13, focal_x, focal_y FROM venues WHERE id = $1 RETURNING id"};
const Statement kInsertPrices{
    "event_insert_prices",
    "INSERT INTO price_categories (event_id, category_id, name, color, price_cents)"
    " SELECT $1::uuid, vc.category_id, vc.name, vc.color, t.p FROM venue_categories vc"
    " JOIN unnest($3::text[], $4::bigint[]) AS t(c, p) ON t.c = vc.category_id"
    " WHERE vc.venue_id = $2"};
const Statement kInsertArtist{
    "event_insert_artist",
    "WITH a AS (INSERT INTO artists (name) VALUES ($2) ON CONFLICT (name) DO UPDATE SET name ="
    " EXCLUDED.name RETURNING id)"
    " INSERT INTO event_artists (event_id, artist_id, position) SELECT $1::uuid, id, $3 FROM a"
    " ON CONFLICT DO NOTHING"};
// The event's inventory and GA zones are a copy of the venue's layout at creation time. A seat's
// ordinal is its place in the seat map (and in the status vector the relay keeps).
const Statement kInsertInventory{
    "event_insert_inventory",
    "INSERT INTO inventory (event_id, seat_id, section, row_label, number, row_index, seat_index,"
    " category, x, y, rank, ordinal)"
    " SELECT $1::uuid, seat_id, section, row_label, number, row_index, seat_index, category, x, y,"
    " rank, row_number() OVER (ORDER BY seat_id) - 1 FROM venue_seats WHERE venue_id = $2"};
const Statement kStatusVector{"event_status_vector", "SELECT seatmap_rebuild_statuses($1::uuid)"};
const Statement kInsertZones{
    "event_insert_zones",
    "INSERT INTO ga_zones (event_id, ga_id, name, category, capacity)"
    " SELECT $1::uuid, ga_id, name, category, capacity FROM venue_ga WHERE venue_id = $2"};
// An event as GET /events/{id} answers it (e: events, v: its venue).
#define UTC_TIME(column) "to_char(" column " AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')"
// The order of the holds trigger's refusals (db/sql/holds_refuse_before_sale.sql).
#define SALE_STATE \
    "CASE WHEN e.cancelled_at IS NOT NULL THEN 'cancelled' WHEN e.on_sale_at > now() THEN" \
    " 'scheduled' WHEN e.paused THEN 'paused' WHEN e.off_sale_at <= now() THEN 'off_sale'" \
    " ELSE 'on_sale' END"
// Free and all seats of event e for its availability hint: from the seat map's status vector
// (60 rows of 1,024 letters for 60,000 seats) instead of counting the event's inventory on every
// event page; the live rows only while the event has no vector.
#define SEATS_FREE \
    " coalesce((SELECT sum(length(codes) - length(replace(codes, 'a', '')))" \
    " FROM seatmap_statuses WHERE event_id = e.id)," \
    " (SELECT count(*) FROM inventory WHERE event_id = e.id AND (status = 'available'" \
    " OR (status = 'held' AND expires_at < now()))))"
#define SEATS_TOTAL \
    " coalesce((SELECT sum(length(codes)) FROM seatmap_statuses WHERE event_id = e.id)," \
    " (SELECT count(*) FROM inventory WHERE event_id = e.id))"

#define EVENT_JSON \
    "json_build_object(" \
    " 'id', e.id, 'version', e.version, 'title', e.title, 'category', e.category," \
    " 'starts_at', " UTC_TIME("e.starts_at") ", 'on_sale_at', " UTC_TIME( \
        "e.on_sale_at") "," \
                        " 'off_sale_at', " UTC_TIME("e.off_sale_at") ", 'doors_at', " UTC_TIME( \
                            "e.doors_at") "," \
                                          " 'sale_state', " SALE_STATE ", 'paused', e.paused," \
                                          " 'transfers', json_build_object('enabled'," \
                                          " e.transfers_enabled, 'until_minutes_before'," \
                                          " e.transfer_cutoff_minutes)," \
                                          " 'waiting_list', json_build_object('enabled'," \
                                          " e.waiting_list_enabled, 'offer_minutes'," \
                                          " e.waiting_offer_minutes)," \
                                          " 'cancelled_at', " UTC_TIME( \
                                              "e.cancelled_at") ", 'cancel_reason', " \
                                                                "e.cancel_reason," \
                                                                " 'time_zone', v.time_zone," \
                                                                " 'venue', " \
                                                                "json_build_object('id', v.id, " \
                                                                "'name', v.name, 'city', v.city, " \
                                                                "'lat', v.lat, " \
                                                                "'lng', " \
                                                                "v.lng, 'time_zone', " \
                                                                "v.time_zone)," \
                                                                " 'artists', coalesce((SELECT " \
                                                                "json_agg(json_build_object('id'," \
                                                                " a.id, 'name', a.name)" \
                                                                "    ORDER BY ea.position) FROM " \
                                                                "event_artists ea JOIN artists a " \
                                                                "ON a.id = ea.artist_id" \
                                                                "    WHERE ea.event_id = e.id), " \
                                                                "'[]')," \
                                                                " 'sale_conditions', " \
                                                                "e.sale_conditions," \
                                                                " 'min_price_cents', (SELECT " \
                                                                "min(price_cents) FROM " \
                                                                "price_categories WHERE event_id " \
                                                                "= e.id)," \
                                                                " 'currency', e.currency," \
                                                                " 'availability', (SELECT CASE " \
                                                                "WHEN free = 0 THEN 'sold_out' " \
                                                                "WHEN free * 10 < total THEN " \
                                                                "'few'" \
                                                                "    ELSE 'available' END FROM " \
                                                                "(SELECT" SEATS_FREE \
                                                                "    + (SELECT " \
                                                                "coalesce(sum(capacity - held - " \
                                                                "sold), 0) FROM ga_zones WHERE " \
                                                                "event_id = e.id) " \
                                                                "AS free," SEATS_TOTAL \
                                                                "    + (SELECT " \
                                                                "coalesce(sum(capacity), 0) FROM " \
                                                                "ga_zones WHERE event_id = e.id) " \
                                                                "AS total) f)," \
                                                                " 'queue_enabled', " \
                                                                "e.queue_enabled," \
                                                                " 'queue', " \
                                                                "json_build_object('enabled', " \
                                                                "e.queue_enabled, " \
                                                                "'admit_per_minute'," \
                                                                "    e.queue_admit_per_minute, " \
                                                                "'max_active', " \
                                                                "e.queue_max_active)," \
                                                                " 'categories', coalesce((SELECT " \
                                                                "json_agg(json_build_object('id'," \
                                                                " category_id, 'name', name," \
                                                                "    'color', color, " \
                                                                "'price_cents', price_cents) " \
                                                                "ORDER BY category_id)" \
                                                                "    FROM price_categories WHERE " \
                                                                "event_id = e.id), '[]')," \
                                                                " 'limits', " \
                                                                "json_build_object('max_seats_" \
                                                                "per_user', e.max_seats_per_user," \
                                                                "    'max_holds_per_user', " \
                                                                "e.max_holds_per_user, " \
                                                                "'hold_seconds', e.hold_seconds)" \
                                                                ")"
const Statement kEvent{"event_get",
                       "SELECT " EVENT_JSON
                       "::text FROM events e JOIN venues v ON v.id = e.venue_id"
                       " WHERE e.id = $1::uuid"};
// Every event, past, cancelled and not yet on sale too, the latest start first (the back office).
const Statement kAllEvents{"events_all",
                           "SELECT " EVENT_JSON "::text FROM events e"
                           " JOIN venues v ON v.id = e.venue_id"
                           " ORDER BY e.starts_at DESC, e.id LIMIT $1 OFFSET $2"};
// The same for many events at once (the search answers with a page of them).
const Statement kEvents{"events_get",
                        "SELECT e.id::text, " EVENT_JSON "::text FROM events e"
                        " JOIN venues v ON v.id = e.venue_id WHERE e.id = ANY($1::uuid[])"};
std::optional<double> nullableLat(const VenueLayout &layout, bool lat)
{
    if (!layout.hasLocation)
        return std::nullopt;
    return lat ? layout.lat : layout.lng;
}

/// Runs a venue write whose $1..$8 are the venue's columns (id, name, city, lat, lng, document,
/// seat count, time zone), with `more` as $9...
template<typename... More>
pqxx::result writeVenue(Tx &tx,
                        const Statement &statement,
                        const VenueLayout &layout,
                        const QByteArray &document,
                        More &&...more)
{
    return exec(tx,
                statement,
                str(layout.id),
                str(layout.name),
                str(layout.city),
                nullableLat(layout, true),
                nullableLat(layout, false),
                document.toStdString(),
                int(layout.seats.size()),
                str(layout.timeZone),
                std::forward<More>(more)...);
}

std::optional<QByteArray> jsonRow(const pqxx::result &result)
{
    if (result.empty())
        return std::nullopt;
    return QByteArray(result[0][0].c_str(), qsizetype(result[0][0].size()));
}

// Catalog changes feed the search projection through the outbox like everything else.
void venueOutbox(Tx &tx, const QString &kind, const QString &venueId, int version)
{
    OutboxRepository::appendWithoutEvent(tx,
                                         kind,
                                         {{QStringLiteral("venue_id"), venueId},
                                          {QStringLiteral("version"), version}});
}

} // namespace

bool CatalogRepository::insertVenue(Tx &tx, const VenueLayout &layout, const QByteArray &document)
{
    const bool inserted = !writeVenue(tx, kInsertVenue, layout, document).empty();
    if (inserted) {
        writeLayout(tx, layout);
        venueOutbox(tx, QStringLiteral("venue.created"), layout.id, 1);
    }
    return inserted;
}

std::optional<int> CatalogRepository::updateVenue(Tx &tx,
                                                  const VenueLayout &layout,
                                                  const QByteArray &document,
                                                  int expectedVersion)
{
    const auto result = writeVenue(tx, kUpdateVenue, layout, document, expectedVersion);
    if (result.empty())
        return std::nullopt;
    const int version = result[0][0].as<int>();
    writeLayout(tx, layout);
    venueOutbox(tx, QStringLiteral("venue.updated"), layout.id, version);
    return version;
}

std::optional<VenueRow> CatalogRepository::venue(Tx &tx, const QString &id)
{
    const auto result = exec(tx, kVenue, str(id));
    if (result.empty())
        return std::nullopt;
    return VenueRow{qstr(result[0][0]),
                    result[0][1].as<int>(),
                    QByteArray(result[0][2].c_str(), qsizetype(result[0][2].size()))};
}

QList<VenueSummary> CatalogRepository::listVenues(Tx &tx)
{
    QList<VenueSummary> out;
    for (const auto &row : exec(tx, kVenues))
        out.append(VenueSummary{qstr(row[0]),
                                qstr(row[1]),
                                qstr(row[2]),
                                row[3].as<int>(),
                                row[4].as<int>()});
    return out;
}

void CatalogRepository::writeLayout(Tx &tx, const VenueLayout &layout)
{
    const std::string venueId = str(layout.id);
    exec(tx, kClearLayout, venueId);
    exec(tx, kSetFocal, venueId, layout.focalPoint.x(), layout.focalPoint.y());
    QStringList ids, names, colors;
    for (const auto &category : layout.categories) {
        ids.append(category.id);
        names.append(category.name);
        colors.append(category.color);
    }
    exec(tx, kLayoutCategories, venueId, textArray(ids), textArray(names), textArray(colors));
    if (!layout.seats.isEmpty()) {
        QStringList seat, section, row, number, category;
        QList<int> rowIndex, seatIndex;
        QList<double> x, y, rank;
        for (const auto &info : layout.seats) {
            seat.append(info.id);
            section.append(info.section);
            row.append(info.row);
            number.append(info.number);
            category.append(info.category);
            rowIndex.append(info.rowIndex);
            seatIndex.append(info.seatIndex);
            x.append(info.x);
            y.append(info.y);
            rank.append(std::hypot(info.x - layout.focalPoint.x(), info.y - layout.focalPoint.y()));
        }
        exec(tx,
             kLayoutSeats,
             venueId,
             textArray(seat),
             textArray(section),
             textArray(row),
             textArray(number),
             numberArray(rowIndex),
             numberArray(seatIndex),
             textArray(category),
             numberArray(x),
             numberArray(y),
             numberArray(rank));
    }
    if (!layout.ga.isEmpty()) {
        QStringList gaIds, gaNames, gaCategories;
        QList<int> capacities;
        for (const auto &ga : layout.ga) {
            gaIds.append(ga.id);
            gaNames.append(ga.name);
            gaCategories.append(ga.category);
            capacities.append(ga.capacity);
        }
        exec(tx,
             kLayoutGa,
             venueId,
             textArray(gaIds),
             textArray(gaNames),
             textArray(gaCategories),
             numberArray(capacities));
    }
}

void CatalogRepository::addArtists(Tx &tx, const QString &eventId, const QStringList &artists)
{
    for (qsizetype i = 0; i < artists.size(); ++i)
        exec(tx, kInsertArtist, str(eventId), str(artists[i]), int(i));
}

QStringList CatalogRepository::venueCategories(Tx &tx, const QString &venueId)
{
    QStringList out;
    for (const auto &row : exec(tx, kVenueCategories, str(venueId)))
        out.append(qstr(row[0]));
    return out;
}

std::optional<QString> CatalogRepository::createEvent(Tx &tx, const EventDraft &draft)
{
    const auto inserted = exec(tx,
                               kInsertEvent,
                               str(draft.venueId),
                               str(draft.title),
                               str(draft.category),
                               str(draft.startsAt.toUTC().toString(Qt::ISODate)),
                               str(draft.onSaleAt.toUTC().toString(Qt::ISODate)),
                               str(draft.currency),
                               str(draft.saleConditions),
                               draft.maxSeatsPerUser,
                               draft.maxHoldsPerUser,
                               draft.holdSeconds,
                               draft.queueEnabled,
                               draft.admitPerMinute,
                               draft.maxActive);
    if (inserted.empty())
        return std::nullopt; // no such venue
    const QString eventId = qstr(inserted[0][0]);
    QStringList categories;
    QList<qint64> cents;
    for (auto it = draft.prices.begin(); it != draft.prices.end(); ++it) {
        categories.append(it.key());
        cents.append(it.value());
    }
    exec(tx,
         kInsertPrices,
         str(eventId),
         str(draft.venueId),
         textArray(categories),
         numberArray(cents));
    addArtists(tx, eventId, draft.artists);
    const auto seats = exec(tx, kInsertInventory, str(eventId), str(draft.venueId)).affected_rows();
    analyzeNewEventSeats(tx);
    exec(tx, kInsertZones, str(eventId), str(draft.venueId));
    exec(tx, kStatusVector, str(eventId));
    OutboxRepository::append(tx,
                             eventId,
                             QStringLiteral("event.created"),
                             {{QStringLiteral("event_id"), eventId},
                              {QStringLiteral("seats"), int(seats)}});
    return eventId;
}

std::optional<QByteArray> CatalogRepository::event(Tx &tx, const QString &eventId)
{
    return jsonRow(exec(tx, kEvent, str(eventId)));
}

QList<QByteArray> CatalogRepository::allEvents(Tx &tx, int limit, int offset)
{
    QList<QByteArray> out;
    for (const auto &row : exec(tx, kAllEvents, limit, offset))
        out.append(QByteArray(row[0].c_str(), qsizetype(row[0].size())));
    return out;
}

QHash<QString, QByteArray> CatalogRepository::events(Tx &tx, const QStringList &eventIds)
{
    QHash<QString, QByteArray> out;
    if (eventIds.isEmpty())
        return out;
    for (const auto &row : exec(tx, kEvents, textArray(eventIds)))
        out.insert(qstr(row[0]), QByteArray(row[1].c_str(), qsizetype(row[1].size())));
    return out;
}

} // namespace boxoffice::server::db
