// SPDX-License-Identifier: GPL-3.0-or-later
#include "ticketplaces.h"

#include "statement.h"

namespace boxoffice::server::db {

namespace {
// The section's name from the venue document (inventory keeps its id).
const Statement kSeats{"ticket_places_seats",
                       "SELECT i.seat_id, coalesce(s.name, i.section), i.row_label, i.number"
                       " FROM inventory i JOIN events e ON e.id = i.event_id"
                       " JOIN venues v ON v.id = e.venue_id"
                       " LEFT JOIN LATERAL (SELECT sec->>'name' AS name"
                       "   FROM jsonb_array_elements(v.document->'sections') sec"
                       "   WHERE sec->>'id' = i.section LIMIT 1) s ON true"
                       " WHERE i.event_id = $1::uuid AND i.seat_id = ANY($2::text[])"};
const Statement kGa{"ticket_places_ga",
                    "SELECT ga_id, name FROM ga_zones WHERE event_id = $1::uuid"};
} // namespace

QHash<QString, SeatPlace> TicketPlaces::seats(Tx &tx, const QString &eventId, const QStringList &ids)
{
    QHash<QString, SeatPlace> out;
    for (const auto &row : exec(tx, kSeats, str(eventId), textArray(ids)))
        out.insert(qstr(row[0]), {qstr(row[1]), qstr(row[2]), qstr(row[3])});
    return out;
}

QHash<QString, QString> TicketPlaces::gaNames(Tx &tx, const QString &eventId)
{
    QHash<QString, QString> out;
    for (const auto &row : exec(tx, kGa, str(eventId)))
        out.insert(qstr(row[0]), qstr(row[1]));
    return out;
}

} // namespace boxoffice::server::db
