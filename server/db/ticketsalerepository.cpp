// SPDX-License-Identifier: GPL-3.0-or-later
#include "ticketsalerepository.h"

#include "rowreaders.h"
#include "statement.h"

namespace boxoffice::server::db {

namespace {

// With each ticket's price (what it was sold for, migration 0091), so a clerk sees what a partial
// refund gives back. A ticket passed on (migration 0110) shows no code: it is its new holder's.
const Statement kTickets{
    "order_tickets",
    "SELECT t.id, t.event_id, t.seat_id, t.ga_id, CASE WHEN t.holder IS NULL THEN t.code"
    " ELSE '' END, t.status, coalesce(t.price_cents, ps.price_cents, pg.price_cents, 0),"
    " t.holder IS NOT NULL FROM tickets t"
    " LEFT JOIN inventory i ON i.event_id = t.event_id AND i.seat_id = t.seat_id"
    " LEFT JOIN price_categories ps ON ps.event_id = i.event_id AND ps.category_id = i.category"
    " LEFT JOIN ga_zones g ON g.event_id = t.event_id AND g.ga_id = t.ga_id"
    " LEFT JOIN price_categories pg ON pg.event_id = g.event_id AND pg.category_id = g.category"
    " WHERE t.order_id = $1::uuid ORDER BY t.status DESC, t.seat_id, t.created_at"};
const Statement kLockHeldSeats{"seats_lock_held",
                               "SELECT seat_id FROM inventory WHERE event_id = $1::uuid"
                               " AND seat_id = ANY($3::text[]) AND hold_id = $2::uuid"
                               " AND status = 'held' ORDER BY seat_id FOR UPDATE"};
const Statement kSellSeats{"seats_sell",
                           "UPDATE inventory SET status = 'sold', expires_at = NULL,"
                           " version = version + 1 WHERE event_id = $1::uuid"
                           " AND seat_id = ANY($3::text[]) AND hold_id = $2::uuid"
                           " AND status = 'held'"};
const Statement kSellGa{"ga_sell",
                        "UPDATE ga_zones SET held = held - $3, sold = sold + $3"
                        " WHERE event_id = $1::uuid AND ga_id = $2"};
const Statement kUnsellGa{"ga_unsell",
                          "UPDATE ga_zones SET sold = sold - $3"
                          " WHERE event_id = $1::uuid AND ga_id = $2"};
// A ticket that replaces another (an exchange) keeps its holder: a ticket passed on stays the
// recipient's.
const Statement kInsertTicket{"ticket_insert",
                              "INSERT INTO tickets (id, order_id, event_id, seat_id, ga_id, code,"
                              " holder)"
                              " VALUES ($1::uuid, $2::uuid, $3::uuid, NULLIF($4, ''),"
                              " NULLIF($5, ''), $6, (SELECT holder FROM tickets"
                              " WHERE id = NULLIF($7, '')::uuid))"};
const Statement kVoidTickets{"tickets_void",
                             "UPDATE tickets SET status = 'void' WHERE order_id = $1::uuid"
                             " AND status = 'valid'"
                             " RETURNING id, event_id, seat_id, ga_id, code, status"};
const Statement kFreeSold{"seats_free_sold",
                          "UPDATE inventory SET status = 'available', hold_id = NULL,"
                          " owner = NULL, expires_at = NULL, version = version + 1"
                          " WHERE event_id = $1::uuid AND seat_id = ANY($2::text[])"
                          " AND status = 'sold'"};

} // namespace

QList<Ticket> TicketSaleRepository::ticketsOf(Tx &tx, const QString &orderId)
{
    QList<Ticket> tickets;
    for (const auto &row : exec(tx, kTickets, str(orderId))) {
        Ticket ticket = ticketFromRow(row);
        ticket.priceCents = row[6].as<qint64>();
        ticket.transferred = row[7].as<bool>();
        tickets.append(ticket);
    }
    return tickets;
}

QStringList TicketSaleRepository::lockHeldSeats(Tx &tx,
                                                const QString &eventId,
                                                const QString &holdId,
                                                const QStringList &seats)
{
    QStringList out;
    for (const auto &row : exec(tx, kLockHeldSeats, str(eventId), str(holdId), textArray(seats)))
        out.append(qstr(row[0]));
    return out;
}

void TicketSaleRepository::sellSeats(Tx &tx,
                                     const QString &eventId,
                                     const QString &holdId,
                                     const QStringList &seats)
{
    exec(tx, kSellSeats, str(eventId), str(holdId), textArray(seats));
}

void TicketSaleRepository::sellGa(Tx &tx, const QString &eventId, const QString &gaId, int quantity)
{
    exec(tx, kSellGa, str(eventId), str(gaId), quantity);
}

void TicketSaleRepository::insertTicket(Tx &tx,
                                        const QString &ticketId,
                                        const QString &orderId,
                                        const QString &eventId,
                                        const QString &seatId,
                                        const QString &gaId,
                                        const QString &code,
                                        const QString &replacedTicketId)
{
    exec(tx,
         kInsertTicket,
         str(ticketId),
         str(orderId),
         str(eventId),
         str(seatId),
         str(gaId),
         str(code),
         str(replacedTicketId));
}

QList<Ticket> TicketSaleRepository::voidTickets(Tx &tx, const QString &orderId)
{
    QList<Ticket> out;
    for (const auto &row : exec(tx, kVoidTickets, str(orderId)))
        out.append(ticketFromRow(row));
    return out;
}

void TicketSaleRepository::freeSoldSeats(Tx &tx, const QString &eventId, const QStringList &seats)
{
    exec(tx, kFreeSold, str(eventId), textArray(seats));
}

void TicketSaleRepository::unsellGa(Tx &tx,
                                    const QString &eventId,
                                    const QString &gaId,
                                    int quantity)
{
    exec(tx, kUnsellGa, str(eventId), str(gaId), quantity);
}

} // namespace boxoffice::server::db
