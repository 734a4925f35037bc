// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventadminrepository.h"

#include "catalogrepository.h"
#include "inventorystatistics.h"
#include "outboxrepository.h"
#include "statement.h"

#include <QJsonArray>

namespace boxoffice::server::db {

namespace {

#define ISO_TIME(column) \
    "to_char(" column " AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')"

const Statement
    kLock{"event_admin_lock",
          "SELECT id, version, venue_id, title, category, " ISO_TIME(
              "starts_at") ","
                           " " ISO_TIME("on_sale_at") ", " ISO_TIME("off_sale_at") ", " ISO_TIME(
                               "doors_at") ","
                                           " currency, sale_conditions, max_seats_per_user, "
                                           "max_holds_per_user, hold_seconds,"
                                           " queue_enabled, queue_admit_per_minute, "
                                           "queue_max_active, paused, cancelled_at IS NOT NULL,"
                                           " transfers_enabled, transfer_cutoff_minutes,"
                                           " waiting_list_enabled, waiting_offer_minutes"
                                           " FROM events WHERE id = $1::uuid FOR NO KEY UPDATE"};
const Statement kArtists{"event_admin_artists",
                         "SELECT a.name FROM event_artists ea JOIN artists a ON a.id = ea.artist_id"
                         " WHERE ea.event_id = $1::uuid ORDER BY ea.position"};
const Statement kCategories{"event_admin_categories",
                            "SELECT category_id, name, color, price_cents FROM price_categories"
                            " WHERE event_id = $1::uuid ORDER BY category_id"};
const Statement kUpdate{
    "event_admin_update",
    "UPDATE events SET title = $2, category = $3, starts_at = $4::timestamptz,"
    " on_sale_at = $5::timestamptz, off_sale_at = NULLIF($6, '')::timestamptz,"
    " doors_at = NULLIF($7, '')::timestamptz, sale_conditions = $8, max_seats_per_user = $9,"
    " max_holds_per_user = $10, hold_seconds = $11, queue_enabled = $12,"
    " queue_admit_per_minute = $13, queue_max_active = $14, paused = $15,"
    " transfers_enabled = $16, transfer_cutoff_minutes = $17, waiting_list_enabled = $18,"
    " waiting_offer_minutes = $19, version = version + 1"
    " WHERE id = $1::uuid RETURNING version"};
const Statement kClearArtists{"event_admin_clear_artists",
                              "DELETE FROM event_artists WHERE event_id = $1::uuid"};
const Statement kUpsertCategories{
    "event_admin_upsert_categories",
    "INSERT INTO price_categories (event_id, category_id, name, color, price_cents)"
    " SELECT $1::uuid, c, n, k, p FROM unnest($2::text[], $3::text[], $4::text[], $5::bigint[])"
    " AS t(c, n, k, p) ON CONFLICT (event_id, category_id) DO UPDATE SET name = EXCLUDED.name,"
    " color = EXCLUDED.color, price_cents = EXCLUDED.price_cents"};
const Statement kDeleteOtherCategories{"event_admin_delete_categories",
                                       "DELETE FROM price_categories WHERE event_id = $1::uuid"
                                       " AND NOT category_id = ANY($2::text[])"};
const Statement kCategoriesInUse{
    "event_admin_categories_in_use",
    "SELECT category FROM inventory WHERE event_id = $1::uuid AND category = ANY($2::text[])"
    " UNION SELECT category FROM ga_zones WHERE event_id = $1::uuid"
    " AND category = ANY($2::text[]) ORDER BY 1"};
const Statement kHasSales{"event_admin_has_sales",
                          "SELECT EXISTS (SELECT 1 FROM holds WHERE event_id = $1::uuid)"
                          " OR EXISTS (SELECT 1 FROM orders WHERE event_id = $1::uuid)"};
const Statement kCancel{"event_admin_cancel",
                        "UPDATE events SET cancelled_at = now(), cancel_reason = $2,"
                        " paused = false, version = version + 1 WHERE id = $1::uuid"
                        " RETURNING version"};
// A fan's contact as the tickets mail finds it (db/mailrepository's mail_contact).
#define ORDER_CONTACT \
    "coalesce(o.contact_email, u.email," \
    " CASE WHEN o.channel = 'online' AND o.owner LIKE '_%@_%' THEN o.owner END, '')"
const Statement kPaidOrders{
    "event_admin_paid_orders",
    "SELECT o.id, o.channel, o.amount_cents, o.refunded_cents, coalesce(u.name, ''), " ORDER_CONTACT
    ", (SELECT count(*) FROM tickets t WHERE t.order_id = o.id AND t.status = 'valid')"
    " FROM orders o LEFT JOIN users u ON o.channel = 'online' AND u.username = o.owner"
    " WHERE o.event_id = $1::uuid AND o.status = 'paid' ORDER BY o.created_at, o.id"
    " FOR UPDATE OF o"};
const Statement kCancelPending{"event_admin_cancel_pending",
                               "UPDATE orders SET status = 'cancelled', status_reason = $2,"
                               " updated_at = now() WHERE event_id = $1::uuid"
                               " AND status IN ('pending', 'failed')"};
const Statement kVoidTickets{"event_admin_void_tickets",
                             "UPDATE tickets SET status = 'void' WHERE order_id = $1::uuid"
                             " AND status = 'valid' RETURNING id, event_id, coalesce(seat_id, ''),"
                             " coalesce(ga_id, ''), code"};
const Statement kSetOrderStatus{"event_admin_order_status",
                                "UPDATE orders SET status = $2, status_reason = $3,"
                                " updated_at = now() WHERE id = $1::uuid"};
const Statement kQueueNotices{
    "event_admin_queue_notices",
    "INSERT INTO mail_jobs (order_id, recipient, locale, message_id, kind)"
    " SELECT o.id, " ORDER_CONTACT ", coalesce(o.contact_locale, u.locale, 'en'),"
    " $2 || '-' || o.id || $3, $2 FROM orders o"
    " LEFT JOIN users u ON o.channel = 'online' AND u.username = o.owner"
    " WHERE o.event_id = $1::uuid AND o.status = 'paid' AND " ORDER_CONTACT " <> ''"
    " ON CONFLICT (message_id) WHERE kind IN ('rescheduled', 'cancelled') DO NOTHING"};
// A duplicate keeps the times' distance to the start ($3: the new start).
#define SHIFTED(column) column " + ($3::timestamptz - starts_at)"
const Statement kDuplicate{
    "event_admin_duplicate",
    "INSERT INTO events (venue_id, venue_version, title, category, starts_at, on_sale_at,"
    " off_sale_at, doors_at, currency, sale_conditions, max_seats_per_user, max_holds_per_user,"
    " hold_seconds, queue_enabled, queue_admit_per_minute, queue_max_active, focal_x, focal_y)"
    " SELECT venue_id, venue_version, $2, category, $3::timestamptz,"
    " least(" SHIFTED("on_sale_at") ", $3::timestamptz), " SHIFTED(
        "off_sale_at") ","
                       " " SHIFTED("doors_at") ", currency, sale_conditions, max_seats_per_user,"
                                               " max_holds_per_user, hold_seconds, queue_enabled, "
                                               "queue_admit_per_minute, queue_max_active,"
                                               " focal_x, focal_y FROM events WHERE id = $1::uuid "
                                               "RETURNING id"};
const Statement kCopyPrices{"event_admin_copy_prices",
                            "INSERT INTO price_categories (event_id, category_id, name, color,"
                            " price_cents) SELECT $2::uuid, category_id, name, color, price_cents"
                            " FROM price_categories WHERE event_id = $1::uuid"};
const Statement kCopyArtists{"event_admin_copy_artists",
                             "INSERT INTO event_artists (event_id, artist_id, position)"
                             " SELECT $2::uuid, artist_id, position FROM event_artists"
                             " WHERE event_id = $1::uuid"};
// The seats as the source assigns them to price categories, for sale but for its kills (camera
// positions and the like stay killed; house seats and allocations are the new event's to make).
const Statement kCopyInventory{
    "event_admin_copy_inventory",
    "INSERT INTO inventory (event_id, seat_id, section, row_label, number, row_index, seat_index,"
    " category, x, y, rank, ordinal, status) SELECT $2::uuid, i.seat_id, section, row_label,"
    " number, row_index, seat_index, category, x, y, rank, ordinal,"
    " CASE WHEN h.kind = 'kill' THEN 'blocked' ELSE 'available' END FROM inventory i"
    " LEFT JOIN holdbacks h ON h.event_id = i.event_id AND h.seat_id = i.seat_id"
    " WHERE i.event_id = $1::uuid"};
const Statement kCopyKills{"event_admin_copy_kills",
                           "INSERT INTO holdbacks (event_id, seat_id, kind, created_by)"
                           " SELECT $2::uuid, seat_id, 'kill', $3 FROM holdbacks"
                           " WHERE event_id = $1::uuid AND kind = 'kill'"};
const Statement kCopyZones{"event_admin_copy_zones",
                           "INSERT INTO ga_zones (event_id, ga_id, name, category, capacity)"
                           " SELECT $2::uuid, ga_id, name, category, capacity FROM ga_zones"
                           " WHERE event_id = $1::uuid"};
const Statement kStatusVector{"event_admin_status_vector",
                              "SELECT seatmap_rebuild_statuses($1::uuid)"};

const Statement kUnknownSeats{"event_admin_unknown_seats",
                              "SELECT s FROM unnest($2::text[]) AS s WHERE NOT EXISTS"
                              " (SELECT 1 FROM inventory WHERE event_id = $1::uuid AND seat_id = s)"
                              " ORDER BY s"};
const Statement kUnknownSections{"event_admin_unknown_sections",
                                 "SELECT s FROM unnest($2::text[]) AS s WHERE NOT EXISTS"
                                 " (SELECT 1 FROM inventory WHERE event_id = $1::uuid"
                                 " AND section = s) ORDER BY s"};
const Statement kRecategorize{"event_admin_recategorize",
                              "UPDATE inventory SET category = $4 WHERE event_id = $1::uuid"
                              " AND (seat_id = ANY($2::text[]) OR section = ANY($3::text[]))"
                              " AND category <> $4 RETURNING seat_id"};
const Statement kNewLayout{"event_admin_new_layout",
                           "UPDATE events SET version = version + 1, seat_layout = seat_layout + 1"
                           " WHERE id = $1::uuid RETURNING version"};

QDateTime timeOf(const pqxx::field &field)
{
    return field.is_null() ? QDateTime() : QDateTime::fromString(qstr(field), Qt::ISODateWithMs);
}

std::string timeText(const QDateTime &time)
{
    return time.isValid() ? str(time.toUTC().toString(Qt::ISODateWithMs)) : std::string();
}

} // namespace

std::optional<EventSettings> EventAdminRepository::lock(Tx &tx, const QString &eventId)
{
    const auto rows = exec(tx, kLock, str(eventId));
    if (rows.empty())
        return std::nullopt;
    const auto row = rows[0];
    EventSettings out;
    out.id = qstr(row[0]);
    out.version = row[1].as<int>();
    out.venueId = qstr(row[2]);
    out.title = qstr(row[3]);
    out.category = qstr(row[4]);
    out.startsAt = timeOf(row[5]);
    out.onSaleAt = timeOf(row[6]);
    out.offSaleAt = timeOf(row[7]);
    out.doorsAt = timeOf(row[8]);
    out.currency = qstr(row[9]);
    out.saleConditions = qstr(row[10]);
    out.maxSeatsPerUser = row[11].as<int>();
    out.maxHoldsPerUser = row[12].as<int>();
    out.holdSeconds = row[13].as<int>();
    out.queueEnabled = row[14].as<bool>();
    out.admitPerMinute = row[15].as<int>();
    out.maxActive = row[16].as<int>();
    out.paused = row[17].as<bool>();
    out.cancelled = row[18].as<bool>();
    out.transfersEnabled = row[19].as<bool>();
    out.transferCutoffMinutes = row[20].as<int>();
    out.waitingListEnabled = row[21].as<bool>();
    out.waitingOfferMinutes = row[22].as<int>();
    for (const auto &artist : exec(tx, kArtists, str(eventId)))
        out.artists.append(qstr(artist[0]));
    for (const auto &category : exec(tx, kCategories, str(eventId)))
        out.categories.append(PriceCategory{qstr(category[0]),
                                            qstr(category[1]),
                                            qstr(category[2]),
                                            category[3].as<qint64>()});
    return out;
}

int EventAdminRepository::update(Tx &tx, const EventSettings &settings)
{
    const auto result = exec(tx,
                             kUpdate,
                             str(settings.id),
                             str(settings.title),
                             str(settings.category),
                             timeText(settings.startsAt),
                             timeText(settings.onSaleAt),
                             timeText(settings.offSaleAt),
                             timeText(settings.doorsAt),
                             str(settings.saleConditions),
                             settings.maxSeatsPerUser,
                             settings.maxHoldsPerUser,
                             settings.holdSeconds,
                             settings.queueEnabled,
                             settings.admitPerMinute,
                             settings.maxActive,
                             settings.paused,
                             settings.transfersEnabled,
                             settings.transferCutoffMinutes,
                             settings.waitingListEnabled,
                             settings.waitingOfferMinutes);
    exec(tx, kClearArtists, str(settings.id));
    CatalogRepository::addArtists(tx, settings.id, settings.artists);
    const int version = result[0][0].as<int>();
    // The search projection reads every event.* row (title, artists, start may have changed).
    OutboxRepository::append(tx,
                             settings.id,
                             QStringLiteral("event.updated"),
                             {{QStringLiteral("event_id"), settings.id},
                              {QStringLiteral("version"), version}});
    return version;
}

void EventAdminRepository::replaceCategories(Tx &tx,
                                             const QString &eventId,
                                             const QList<PriceCategory> &categories)
{
    QStringList ids, names, colors;
    QList<qint64> cents;
    for (const PriceCategory &category : categories) {
        ids.append(category.id);
        names.append(category.name);
        colors.append(category.color);
        cents.append(category.priceCents);
    }
    exec(tx,
         kUpsertCategories,
         str(eventId),
         textArray(ids),
         textArray(names),
         textArray(colors),
         numberArray(cents));
    exec(tx, kDeleteOtherCategories, str(eventId), textArray(ids));
}

QStringList EventAdminRepository::categoriesInUse(Tx &tx,
                                                  const QString &eventId,
                                                  const QStringList &categoryIds)
{
    QStringList out;
    for (const auto &row : exec(tx, kCategoriesInUse, str(eventId), textArray(categoryIds)))
        out.append(qstr(row[0]));
    return out;
}

QStringList EventAdminRepository::unknownPlaces(Tx &tx,
                                                const QString &eventId,
                                                const QStringList &seats,
                                                const QStringList &sections)
{
    QStringList out;
    for (const auto &row : exec(tx, kUnknownSeats, str(eventId), textArray(seats)))
        out.append(qstr(row[0]));
    for (const auto &row : exec(tx, kUnknownSections, str(eventId), textArray(sections)))
        out.append(qstr(row[0]));
    return out;
}

SeatCategoryChange EventAdminRepository::recategorize(Tx &tx,
                                                      const QString &eventId,
                                                      const QStringList &seats,
                                                      const QStringList &sections,
                                                      const QString &category)
{
    SeatCategoryChange out;
    for (const auto &row :
         exec(tx, kRecategorize, str(eventId), textArray(seats), textArray(sections), str(category)))
        out.seats.append(qstr(row[0]));
    if (out.seats.isEmpty())
        return out;
    out.version = exec(tx, kNewLayout, str(eventId))[0][0].as<int>();
    // The relay publishes the seats (status unchanged) and writes their history.
    OutboxRepository::append(tx,
                             eventId,
                             QStringLiteral("seats.recategorized"),
                             {{QStringLiteral("seats"), QJsonArray::fromStringList(out.seats)},
                              {QStringLiteral("category"), category}});
    return out;
}

bool EventAdminRepository::hasSales(Tx &tx, const QString &eventId)
{
    return exec(tx, kHasSales, str(eventId))[0][0].as<bool>();
}

int EventAdminRepository::markCancelled(Tx &tx, const QString &eventId, const QString &reason)
{
    const int version = exec(tx, kCancel, str(eventId), str(reason))[0][0].as<int>();
    OutboxRepository::append(tx,
                             eventId,
                             QStringLiteral("event.cancelled"),
                             {{QStringLiteral("event_id"), eventId},
                              {QStringLiteral("version"), version}});
    return version;
}

int EventAdminRepository::cancelPendingOrders(Tx &tx, const QString &eventId, const QString &reason)
{
    return int(exec(tx, kCancelPending, str(eventId), str(reason)).affected_rows());
}

QList<PaidOrder> EventAdminRepository::lockPaidOrders(Tx &tx, const QString &eventId)
{
    QList<PaidOrder> out;
    for (const auto &row : exec(tx, kPaidOrders, str(eventId)))
        out.append(PaidOrder{qstr(row[0]),
                             qstr(row[1]),
                             row[2].as<qint64>(),
                             row[3].as<qint64>(),
                             qstr(row[4]),
                             qstr(row[5]),
                             row[6].as<int>()});
    return out;
}

QList<Ticket> EventAdminRepository::voidOrder(Tx &tx,
                                              const QString &orderId,
                                              const QString &status,
                                              const QString &reason)
{
    QList<Ticket> voided;
    for (const auto &row : exec(tx, kVoidTickets, str(orderId)))
        voided.append(Ticket{qstr(row[0]),
                             qstr(row[1]),
                             qstr(row[2]),
                             qstr(row[3]),
                             qstr(row[4]),
                             QStringLiteral("void"),
                             std::nullopt});
    exec(tx, kSetOrderStatus, str(orderId), str(status), str(reason));
    return voided;
}

int EventAdminRepository::queueNotices(Tx &tx,
                                       const QString &eventId,
                                       const QString &kind,
                                       const QString &messageTag)
{
    return int(exec(tx, kQueueNotices, str(eventId), str(kind), str(messageTag)).affected_rows());
}

QString EventAdminRepository::duplicate(Tx &tx,
                                        const QString &sourceId,
                                        const QString &title,
                                        const QDateTime &startsAt,
                                        const QString &actor)
{
    const QString id = qstr(
        exec(tx, kDuplicate, str(sourceId), str(title), timeText(startsAt))[0][0]);
    exec(tx, kCopyPrices, str(sourceId), str(id));
    exec(tx, kCopyArtists, str(sourceId), str(id));
    const auto seats = exec(tx, kCopyInventory, str(sourceId), str(id)).affected_rows();
    analyzeNewEventSeats(tx);
    exec(tx, kCopyKills, str(sourceId), str(id), str(actor));
    exec(tx, kCopyZones, str(sourceId), str(id));
    exec(tx, kStatusVector, str(id));
    OutboxRepository::append(tx,
                             id,
                             QStringLiteral("event.created"),
                             {{QStringLiteral("event_id"), id},
                              {QStringLiteral("seats"), int(seats)}});
    return id;
}

} // namespace boxoffice::server::db
