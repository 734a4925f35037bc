// SPDX-License-Identifier: GPL-3.0-or-later
#include "accountdatarepository.h"

#include "statement.h"

namespace boxoffice::server::db {

namespace {

#define ISO(column) "to_char(" column " AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')"
#define LIMIT " LIMIT 10000"

const Statement kAccount{
    "data_account",
    "SELECT jsonb_build_object('username', username, 'email', email, 'name', display_name,"
    " 'locale', locale, 'role', role, 'created_at', " ISO(
        "created_at") ","
                      " 'email_verified_at', " ISO(
                          "email_verified_at") ","
                                               " 'sessions_reset_at', " ISO(
                                                   "sessions_reset_at") ")::text"
                                                                        " FROM users WHERE "
                                                                        "username = $1"};

// The fan's orders with their lines, payments, billing details and invoices (as issued).
const Statement kOrders{
    "data_orders",
    "SELECT coalesce(jsonb_agg(x.o ORDER BY x.created_at), '[]')::text FROM (SELECT o.created_at,"
    " jsonb_build_object('order_id', o.id, 'event', jsonb_build_object('id', e.id, 'title',"
    "   e.title, 'starts_at', " ISO(
        "e.starts_at") "),"
                       " 'status', o.status, 'channel', o.channel, 'payment_method', "
                       "o.payment_method,"
                       " 'amount_cents', o.amount_cents, 'fee_cents', o.fee_cents, 'tax_cents', "
                       "o.tax_cents,"
                       " 'refunded_cents', o.refunded_cents, 'currency', o.currency, 'voucher', "
                       "o.voucher,"
                       " 'created_at', " ISO("o.created_at") ", 'updated_at', " ISO(
                           "o.updated_at") ","
                                           " 'lines', (SELECT coalesce(jsonb_agg(to_jsonb(l) - "
                                           "'order_id' - 'event_id'"
                                           "   ORDER BY l.line_no), '[]') FROM order_lines l WHERE "
                                           "l.order_id = o.id),"
                                           " 'payments', (SELECT "
                                           "coalesce(jsonb_agg(jsonb_build_object('provider', "
                                           "a.provider,"
                                           "   'method', a.method, 'intent_id', a.intent_id, "
                                           "'status', a.status, 'amount_cents',"
                                           "   a.amount_cents, 'refunded_cents', a.refunded_cents, "
                                           "'currency', a.currency,"
                                           "   'created_at', " ISO(
                                               "a.created_at") ") ORDER BY a.created_at), '[]')"
                                                               "   FROM payment_attempts a WHERE "
                                                               "a.order_id = o.id),"
                                                               " 'billing', (SELECT to_jsonb(b) - "
                                                               "'order_id' FROM order_billing b "
                                                               "WHERE b.order_id = o.id),"
                                                               " 'invoices', (SELECT "
                                                               "coalesce(jsonb_agg(jsonb_build_"
                                                               "object('organiser', i.organiser,"
                                                               "   'number', i.number, 'kind', "
                                                               "i.kind, 'issued_at', " ISO(
                                                                   "i.issued_at") ","
                                                                                  "   "
                                                                                  "'amount_cents', "
                                                                                  "i.amount_cents, "
                                                                                  "'tax_cents', "
                                                                                  "i.tax_cents, "
                                                                                  "'currency', "
                                                                                  "i.currency,"
                                                                                  "   'billing', "
                                                                                  "i.billing) "
                                                                                  "ORDER BY "
                                                                                  "i.number), "
                                                                                  "'[]') FROM "
                                                                                  "invoices i"
                                                                                  "   WHERE "
                                                                                  "i.order_id = "
                                                                                  "o.id)) AS o"
                                                                                  " FROM orders o "
                                                                                  "JOIN events e "
                                                                                  "ON e.id = "
                                                                                  "o.event_id "
                                                                                  "WHERE o.owner = "
                                                                                  "$1"
                                                                                  " ORDER BY "
                                                                                  "o.created_"
                                                                                  "at" LIMIT ") x"};

// Tickets the fan bought or holds now (codes left out: the tickets' PDF carries them).
const Statement kTickets{
    "data_tickets",
    "SELECT coalesce(jsonb_agg(x.t ORDER BY x.created_at), '[]')::text FROM (SELECT t.created_at,"
    " jsonb_build_object('ticket_id', t.id, 'order_id', CASE WHEN o.owner = $1 THEN t.order_id"
    " END, 'event_id', t.event_id,"
    " 'event_title', e.title, 'starts_at', " ISO(
        "e.starts_at") ", 'seat_id', t.seat_id,"
                       " 'ga_id', t.ga_id, 'status', t.status, 'used_at', " ISO(
                           "t.used_at") ","
                                        " 'price_cents', t.price_cents, 'held_by_you', "
                                        "coalesce(t.holder, o.owner) = $1,"
                                        " 'bought_by_you', o.owner = $1, 'created_at', " ISO(
                                            "t.created_at") ") AS t"
                                                            " FROM tickets t JOIN orders o ON o.id "
                                                            "= t.order_id JOIN events e ON e.id = "
                                                            "t.event_id"
                                                            " WHERE o.owner = $1 OR t.holder = $1 "
                                                            "ORDER BY t.created_at" LIMIT ") x"};

const Statement kHolds{
    "data_holds",
    "SELECT coalesce(jsonb_agg(x.h ORDER BY x.created_at), '[]')::text FROM (SELECT h.created_at,"
    " jsonb_build_object('hold_id', h.id, 'event_id', h.event_id, 'status', h.status, 'seats',"
    " to_jsonb(h.seats), 'ga_id', h.ga_id, 'ga_quantity', h.ga_quantity, 'created_at', " ISO(
        "h.created_at") ", 'expires_at', " ISO("h.expires_at") ") AS h"
                                                               " FROM holds h WHERE h.owner = $1 "
                                                               "ORDER BY h.created_at DESC" LIMIT
                                                               ") x"};

// The fan's places on waiting lists, and what became of them.
const Statement
    kWaiting{"data_waiting_list",
             "SELECT coalesce(jsonb_agg(x.w ORDER BY x.id), '[]')::text FROM (SELECT w.id,"
             " jsonb_build_object('event_id', w.event_id, 'quantity', w.quantity, 'categories',"
             " to_jsonb(w.categories), 'state', w.state, 'joined_at', " ISO(
                 "w.joined_at") ","
                                " 'offered_at', " ISO("w.offered_at") ", 'ended_at', " ISO(
                                    "w.ended_at") ") AS w"
                                                  " FROM waiting_entries w WHERE w.username = $1 "
                                                  "ORDER BY w.id" LIMIT ") x"};

// Offers the fan made: to whom (the address they typed), what became of them.
const Statement kGiven{
    "data_transfers_given",
    "SELECT coalesce(jsonb_agg(x.t ORDER BY x.created_at), '[]')::text FROM (SELECT"
    " tr.created_at, jsonb_build_object('ticket_id', tr.ticket_id, 'to', tr.recipient_email,"
    " 'status', tr.status, 'created_at', " ISO("tr.created_at") ", 'expires_at', " ISO(
        "tr.expires_at") ", 'decided_at', " ISO("tr.decided_at") ") AS t"
                                                                 " FROM ticket_transfers tr WHERE "
                                                                 "tr.sender = $1"
                                                                 " ORDER BY tr.created_at" LIMIT
                                                                 ") x"};
// Tickets passed on to the fan (the giver's address is theirs, not the fan's: left out).
const Statement
    kReceived{"data_transfers_received",
              "SELECT coalesce(jsonb_agg(x.t ORDER BY x.created_at), '[]')::text FROM (SELECT"
              " tr.created_at, jsonb_build_object('ticket_id', tr.ticket_id, 'status', tr.status,"
              " 'offered_at', " ISO("tr.created_at") ", 'accepted_at', " ISO(
                  "tr.decided_at") ") AS t"
                                   " FROM ticket_transfers tr WHERE tr.accepted_by = $1 ORDER BY "
                                   "tr.created_at" LIMIT ") x"};

const Statement kMails{
    "data_mails",
    "SELECT coalesce(jsonb_agg(x.m ORDER BY x.created_at), '[]')::text FROM ("
    " SELECT m.created_at, jsonb_build_object('kind', CASE m.kind WHEN 'paid' THEN 'tickets'"
    "   WHEN 'again' THEN 'tickets_again' ELSE 'order_' || m.kind END, 'order_id',"
    "   m.order_id, 'status', m.status, 'created_at', " ISO("m.created_at") ", 'sent_at', " ISO(
        "m.sent_at") ") AS m FROM mail_jobs m JOIN orders o ON o.id = m.order_id"
                     "   WHERE o.owner = $1 OR lower(m.recipient) = lower($2)"
                     " UNION ALL SELECT m.created_at, jsonb_build_object('kind', "
                     "coalesce(l.purpose,"
                     "   m.kind), 'status', m.status, 'created_at', " ISO(
                         "m.created_at") ", 'sent_at', " ISO("m.sent_at") ")"
                                                                          "   FROM account_mails m "
                                                                          "JOIN account_links l ON "
                                                                          "l.id ="
                                                                          " m.link_id JOIN users u "
                                                                          "ON u.id = l.user_id"
                                                                          "   WHERE u.username = $1"
                                                                          " UNION ALL SELECT "
                                                                          "m.created_at, "
                                                                          "jsonb_build_object('"
                                                                          "kind',"
                                                                          "   'transfer_' || "
                                                                          "m.kind, 'ticket_id', "
                                                                          "tr.ticket_id,"
                                                                          "   'status', m.status, "
                                                                          "'created_at', " ISO(
                                                                              "m."
                                                                              "cre"
                                                                              "ate"
                                                                              "d_"
                                                                              "at") ", "
                                                                                    "'sent_at',"
                                                                                    " " ISO("m."
                                                                                            "sent_"
                                                                                            "at") ")"
                                                                                                  "   "
                                                                                                  "FROM "
                                                                                                  "transfe"
                                                                                                  "r_"
                                                                                                  "mails "
                                                                                                  "m JOIN"
                                                                                                  " ticket"
                                                                                                  "_transf"
                                                                                                  "ers tr "
                                                                                                  "ON "
                                                                                                  "tr.id ="
                                                                                                  " m."
                                                                                                  "transfe"
                                                                                                  "r_id"
                                                                                                  "   "
                                                                                                  "WHERE "
                                                                                                  "lower("
                                                                                                  "m."
                                                                                                  "recipie"
                                                                                                  "nt) ="
                                                                                                  " lower("
                                                                                                  "$2)"
                                                                                                  " UNION "
                                                                                                  "ALL "
                                                                                                  "SELECT "
                                                                                                  "m."
                                                                                                  "created"
                                                                                                  "_at,"
                                                                                                  " jsonb_"
                                                                                                  "build_"
                                                                                                  "object("
                                                                                                  "'kind',"
                                                                                                  " '"
                                                                                                  "waiting"
                                                                                                  "_list_'"
                                                                                                  " || "
                                                                                                  "m.kind,"
                                                                                                  " '"
                                                                                                  "event_"
                                                                                                  "id', "
                                                                                                  "w."
                                                                                                  "event_"
                                                                                                  "id, "
                                                                                                  "'status"
                                                                                                  "',"
                                                                                                  " m."
                                                                                                  "status,"
                                                                                                  " '"
                                                                                                  "created"
                                                                                                  "_at',"
                                                                                                  " " ISO("m.created_at") ", 'sent_at', " ISO(
                                                                                                      "m."
                                                                                                      "sen"
                                                                                                      "t_"
                                                                                                      "at") ")"
                                                                                                            "   FROM waiting_mails m JOIN"
                                                                                                            " waiting_entries w ON w.id ="
                                                                                                            " m.entry_id WHERE w.username = $1"
                                                                                                            " ORDER BY 1" LIMIT
                                                                                                            ") x"};

#undef ISO
#undef LIMIT

QByteArray text(const pqxx::result &result)
{
    if (result.empty() || result[0][0].is_null())
        return {};
    return QByteArray(result[0][0].c_str(), int(result[0][0].size()));
}

} // namespace

QByteArray AccountDataRepository::account(Tx &tx, const QString &subject)
{
    return text(exec(tx, kAccount, str(subject)));
}

QByteArray AccountDataRepository::orders(Tx &tx, const QString &subject)
{
    return text(exec(tx, kOrders, str(subject)));
}

QByteArray AccountDataRepository::tickets(Tx &tx, const QString &subject)
{
    return text(exec(tx, kTickets, str(subject)));
}

QByteArray AccountDataRepository::holds(Tx &tx, const QString &subject)
{
    return text(exec(tx, kHolds, str(subject)));
}

QByteArray AccountDataRepository::waitingList(Tx &tx, const QString &subject)
{
    return text(exec(tx, kWaiting, str(subject)));
}

QByteArray AccountDataRepository::transfersGiven(Tx &tx, const QString &subject)
{
    return text(exec(tx, kGiven, str(subject)));
}

QByteArray AccountDataRepository::transfersReceived(Tx &tx, const QString &subject)
{
    return text(exec(tx, kReceived, str(subject)));
}

QByteArray AccountDataRepository::mails(Tx &tx, const QString &subject, const QString &email)
{
    return text(exec(tx, kMails, str(subject), str(email)));
}

} // namespace boxoffice::server::db
