// SPDX-License-Identifier: GPL-3.0-or-later
#include "statsrepository.h"

#include "statement.h"

#include <QHash>

namespace boxoffice::server::db {

namespace {

const Statement kEvent{"stats_event",
                       "SELECT currency, queue_enabled, queue_admit_per_minute FROM events"
                       " WHERE id = $1::uuid"};
const Statement kCategories{"stats_categories",
                            "SELECT category_id, name, color FROM price_categories"
                            " WHERE event_id = $1::uuid ORDER BY category_id"};
// Each seat once: what it is now (an expired hold is available again), comps apart from sales,
// held-back seats by kind; with the price its ticket was sold at (a comp brings nothing in).
const Statement kSeats{"stats_seats",
                       "SELECT i.category, CASE"
                       "   WHEN i.status = 'held' AND i.expires_at >= now() THEN 'held'"
                       "   WHEN i.status IN ('held', 'available') THEN 'available'"
                       "   WHEN i.status = 'sold' AND o.payment_method = 'comp' THEN 'comp'"
                       "   WHEN i.status = 'sold' THEN 'sold'"
                       "   ELSE coalesce(h.kind, 'kill') END AS state, count(*),"
                       " coalesce(sum(t.price_cents) FILTER (WHERE o.payment_method <> 'comp'), 0)"
                       " FROM inventory i"
                       " LEFT JOIN tickets t ON t.event_id = i.event_id AND t.seat_id = i.seat_id"
                       "   AND t.status IN ('valid', 'used')"
                       " LEFT JOIN orders o ON o.id = t.order_id"
                       " LEFT JOIN holdbacks h ON h.event_id = i.event_id AND h.seat_id = i.seat_id"
                       " WHERE i.event_id = $1::uuid GROUP BY 1, 2"};
const Statement
    kZones{"stats_zones",
           "SELECT g.category, g.capacity, g.held, g.sold,"
           " count(t.id) FILTER (WHERE o.payment_method = 'comp'),"
           " coalesce(sum(t.price_cents) FILTER (WHERE o.payment_method <> 'comp'), 0)"
           " FROM ga_zones g"
           " LEFT JOIN tickets t ON t.event_id = g.event_id AND t.ga_id = g.ga_id"
           "   AND t.status IN ('valid', 'used')"
           " LEFT JOIN orders o ON o.id = t.order_id"
           " WHERE g.event_id = $1::uuid GROUP BY g.ga_id, g.category, g.capacity, g.held, g.sold"};
#define CHANNEL "CASE WHEN o.channel = 'online' THEN 'online' ELSE 'counter' END"
const Statement kChannelTickets{"stats_channel_tickets",
                                "SELECT " CHANNEL ", count(*) FROM tickets t"
                                " JOIN orders o ON o.id = t.order_id WHERE t.event_id = $1::uuid"
                                " AND t.status IN ('valid', 'used') GROUP BY 1"};
const Statement kChannelRevenue{"stats_channel_revenue",
                                "SELECT " CHANNEL
                                ", coalesce(sum(o.amount_cents - o.refunded_cents)"
                                " FILTER (WHERE o.payment_method <> 'comp'), 0)"
                                " FROM orders o WHERE o.event_id = $1::uuid"
                                " AND o.status IN ('paid', 'refunded') GROUP BY 1 ORDER BY 1"};
const Statement kHours{
    "stats_hours",
    "SELECT to_char(date_trunc('hour', t.created_at) AT TIME ZONE 'UTC',"
    " 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'),"
    " count(*) FILTER (WHERE o.channel = 'online'), count(*) FILTER (WHERE o.channel <> 'online')"
    " FROM tickets t JOIN orders o ON o.id = t.order_id"
    " WHERE t.event_id = $1::uuid AND t.status IN ('valid', 'used')"
    " AND t.created_at > now() - interval '48 hours' GROUP BY 1 ORDER BY 1"};

void add(PlaceCounts &counts, const QString &state, qint64 n)
{
    if (state == u"available")
        counts.available += n;
    else if (state == u"held")
        counts.held += n;
    else if (state == u"sold")
        counts.sold += n;
    else if (state == u"comp")
        counts.comps += n;
    else if (state == u"house")
        counts.house += n;
    else if (state == u"allocation")
        counts.allocation += n;
    else
        counts.kill += n;
}

void addUp(PlaceCounts &into, const PlaceCounts &from)
{
    into.available += from.available;
    into.held += from.held;
    into.sold += from.sold;
    into.comps += from.comps;
    into.kill += from.kill;
    into.house += from.house;
    into.allocation += from.allocation;
}

} // namespace

std::optional<EventStats> StatsRepository::eventStats(Tx &tx, const QString &eventId)
{
    const auto event = exec(tx, kEvent, str(eventId));
    if (event.empty())
        return std::nullopt;
    EventStats out;
    out.currency = qstr(event[0][0]);
    out.queueEnabled = event[0][1].as<bool>();
    out.admitPerMinute = event[0][2].as<int>();

    QHash<QString, qsizetype> index;
    for (const auto &row : exec(tx, kCategories, str(eventId))) {
        index.insert(qstr(row[0]), out.categories.size());
        out.categories.append(CategoryStats{qstr(row[0]), qstr(row[1]), qstr(row[2]), {}, 0});
    }
    auto category = [&](const QString &id) -> CategoryStats & {
        if (!index.contains(id)) { // seats on a category without a price: shown as they are
            index.insert(id, out.categories.size());
            out.categories.append(CategoryStats{id, id, QString(), {}, 0});
        }
        return out.categories[index.value(id)];
    };
    for (const auto &row : exec(tx, kSeats, str(eventId))) {
        CategoryStats &c = category(qstr(row[0]));
        add(c.places, qstr(row[1]), row[2].as<qint64>());
        c.revenueCents += row[3].as<qint64>();
    }
    for (const auto &row : exec(tx, kZones, str(eventId))) {
        CategoryStats &c = category(qstr(row[0]));
        const qint64 capacity = row[1].as<qint64>(), held = row[2].as<qint64>();
        const qint64 sold = row[3].as<qint64>(), comps = row[4].as<qint64>();
        c.places.available += capacity - held - sold;
        c.places.held += held;
        c.places.sold += sold - comps;
        c.places.comps += comps;
        c.revenueCents += row[5].as<qint64>();
    }
    for (const CategoryStats &c : std::as_const(out.categories))
        addUp(out.places, c.places);
    QHash<QString, qint64> ticketsBy;
    for (const auto &row : exec(tx, kChannelTickets, str(eventId)))
        ticketsBy.insert(qstr(row[0]), row[1].as<qint64>());
    for (const auto &row : exec(tx, kChannelRevenue, str(eventId))) {
        const QString channel = qstr(row[0]);
        out.channels.append(ChannelStats{channel, ticketsBy.value(channel), row[1].as<qint64>()});
        out.revenueCents += row[1].as<qint64>();
    }
    for (const auto &row : exec(tx, kHours, str(eventId)))
        out.hours.append(HourStats{QDateTime::fromString(qstr(row[0]), Qt::ISODate),
                                   row[1].as<qint64>(),
                                   row[2].as<qint64>()});
    return out;
}

} // namespace boxoffice::server::db
