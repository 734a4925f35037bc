// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventexportrepository.h"

#include "statement.h"

namespace boxoffice::server::db {

namespace {

#define UTC_TEXT(column) \
    "coalesce(to_char(" column " AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), '')"
// A fan's contact as the tickets mail finds it (db/mailrepository's mail_contact).
#define CONTACT \
    "coalesce(o.contact_email, u.email," \
    " CASE WHEN o.channel = 'online' AND o.owner LIKE '_%@_%' THEN o.owner END, '')"
#define CATEGORY "coalesce(p.name, i.category, g.category, '')"
#define TICKET_JOINS \
    " LEFT JOIN inventory i ON i.event_id = t.event_id AND i.seat_id = t.seat_id" \
    " LEFT JOIN ga_zones g ON g.event_id = t.event_id AND g.ga_id = t.ga_id" \
    " LEFT JOIN price_categories p ON p.event_id = t.event_id" \
    "   AND p.category_id = coalesce(i.category, g.category)"

// Each statement: the key (id) first, then the cells; $1 event, $2 the last key read, $3 batch.
struct Export
{
    QStringList columns;
    Statement statement;
};

const Export
    kOrders{{"order_id",
             "created_at",
             "status",
             "channel",
             "clerk",
             "customer",
             "email",
             "payment_method",
             "amount_cents",
             "refunded_cents",
             "currency",
             "valid_tickets"},
            {"export_orders",
             "SELECT o.id::text, o.id::text, " UTC_TEXT(
                 "o.created_at") ", o.status, o.channel,"
                                 " coalesce(o.clerk, ''), coalesce(u.name, o.owner), " CONTACT
                                 ", o.payment_method,"
                                 " o.amount_cents::text, o.refunded_cents::text, o.currency,"
                                 " (SELECT count(*) FROM tickets t WHERE t.order_id = o.id AND "
                                 "t.status <> 'void')::text"
                                 " FROM orders o LEFT JOIN users u ON o.channel = 'online' AND "
                                 "u.username = o.owner"
                                 " WHERE o.event_id = $1::uuid AND o.id > $2::uuid ORDER BY o.id "
                                 "LIMIT $3::integer"}};
const Export
    kTickets{{"ticket_id",
              "order_id",
              "issued_at",
              "status",
              "seat_id",
              "ga_id",
              "category",
              "price_cents",
              "channel",
              "used_at",
              "used_gate"},
             {"export_tickets",
              "SELECT t.id::text, t.id::text, t.order_id::text, " UTC_TEXT(
                  "t.created_at") ", t.status,"
                                  " coalesce(t.seat_id, ''), coalesce(t.ga_id, ''), " CATEGORY ","
                                  " coalesce(t.price_cents::text, ''), o.channel, " UTC_TEXT(
                                      "t.used_at") ","
                                                   " coalesce(t.used_gate, '') FROM tickets t JOIN "
                                                   "orders o ON o.id = t.order_id" TICKET_JOINS
                                                   " WHERE t.event_id = $1::uuid AND t.id > "
                                                   "$2::uuid ORDER BY t.id LIMIT $3::integer"}};
// Who comes: each ticket that admits someone (valid, or used at the door already).
const Export kAttendees{
    {"ticket_id", "name", "email", "place", "category", "status", "used_at", "order_id"},
    {"export_attendees",
     "SELECT t.id::text, t.id::text, coalesce(u.name, o.owner), " CONTACT ","
     " coalesce(t.seat_id, t.ga_id), " CATEGORY ", t.status, " UTC_TEXT(
         "t.used_at") ","
                      " t.order_id::text FROM tickets t JOIN orders o ON o.id = t.order_id"
                      " LEFT JOIN users u ON o.channel = 'online' AND u.username = "
                      "o.owner" TICKET_JOINS " WHERE t.event_id = $1::uuid AND t.id > $2::uuid AND "
                      "t.status IN ('valid', 'used')"
                      " ORDER BY t.id LIMIT $3::integer"}};
const Statement kEventExists{"export_event_exists", "SELECT 1 FROM events WHERE id = $1::uuid"};

const Export &exportOf(EventExport which)
{
    switch (which) {
    case EventExport::Orders:
        return kOrders;
    case EventExport::Tickets:
        return kTickets;
    case EventExport::Attendees:
        break;
    }
    return kAttendees;
}

} // namespace

QStringList EventExportRepository::columns(EventExport which)
{
    return exportOf(which).columns;
}

void EventExportRepository::stream(Tx &tx,
                                   EventExport which,
                                   const QString &eventId,
                                   int batch,
                                   const std::function<bool(const QList<QStringList> &)> &sink)
{
    const Export &table = exportOf(which);
    std::string after = "00000000-0000-0000-0000-000000000000";
    for (;;) {
        const auto rows = exec(tx, table.statement, str(eventId), after, batch);
        QList<QStringList> cells;
        cells.reserve(qsizetype(rows.size()));
        for (const auto &row : rows) {
            QStringList line;
            line.reserve(int(row.size()) - 1);
            for (int column = 1; column < int(row.size()); ++column)
                line.append(qstr(row[column]));
            cells.append(line);
        }
        if (cells.isEmpty() || !sink(cells) || int(rows.size()) < batch)
            return;
        after = rows[rows.size() - 1][0].c_str();
    }
}

bool EventExportRepository::eventExists(Tx &tx, const QString &eventId)
{
    return !exec(tx, kEventExists, str(eventId)).empty();
}

} // namespace boxoffice::server::db
