// SPDX-License-Identifier: GPL-3.0-or-later
#include "tickettransferrepository.h"

#include "statement.h"

namespace boxoffice::server::db {

namespace {

#define ISO_UTC(column) "to_char(" column " AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')"
// The place a mail or the shop names: section/row/number, or the standing area.
#define PLACE_COLUMNS \
    "coalesce(i.section, ''), coalesce(i.row_label, ''), coalesce(i.number, '')," \
    " coalesce(g.name, '')"
#define PLACE_JOINS \
    " LEFT JOIN inventory i ON i.event_id = t.event_id AND i.seat_id = t.seat_id" \
    " LEFT JOIN ga_zones g ON g.event_id = t.event_id AND g.ga_id = t.ga_id"

// FOR UPDATE OF t: the lock a door scan takes (tickets_lock_for_scans), so an acceptance and a
// scan of the old code are decided one after the other.
const Statement
    kLock{"transfer_lock_ticket",
          "SELECT t.id, t.event_id, coalesce(t.seat_id, ''), coalesce(t.ga_id, ''), t.status,"
          " t.version, t.used_at IS NOT NULL, coalesce(t.holder, o.owner), o.status,"
          " e.transfers_enabled,"
          " e.starts_at - make_interval(mins => e.transfer_cutoff_minutes) <= now(),"
          " e.cancelled_at IS NOT NULL"
          " FROM tickets t JOIN orders o ON o.id = t.order_id JOIN events e ON e.id = t.event_id"
          " WHERE t.id = $1::uuid FOR UPDATE OF t"};
const Statement kReplace{"transfer_replace",
                         "UPDATE ticket_transfers SET status = 'replaced', decided_at = now()"
                         " WHERE ticket_id = $1::uuid AND status = 'pending'"};
// The recipient's own language and name when the address has an account, else the sender's.
const Statement kOffer{
    "transfer_offer",
    "WITH offer AS (INSERT INTO ticket_transfers (ticket_id, sender, recipient_email, token_hash,"
    "   from_version, expires_at) VALUES ($1::uuid, $2, $3, $4, $5,"
    "   now() + make_interval(secs => $6)) RETURNING id),"
    " account AS (SELECT coalesce(locale, $7) AS locale, coalesce(display_name, '') AS name"
    "   FROM users WHERE lower(email) = lower($3) AND role = 'fan' LIMIT 1)"
    " INSERT INTO transfer_mails (transfer_id, kind, recipient, locale, name, other_party, token)"
    " SELECT offer.id, 'offer', $3, coalesce((SELECT locale FROM account), $7),"
    " coalesce((SELECT name FROM account), ''), $8, $9 FROM offer"};
const Statement kCancel{"transfer_cancel",
                        "UPDATE ticket_transfers SET status = 'cancelled', decided_at = now()"
                        " WHERE ticket_id = $1::uuid AND status = 'pending' RETURNING id"};
const Statement kFind{
    "transfer_find",
    "SELECT tr.id, tr.ticket_id, CASE WHEN tr.status = 'accepted' THEN 'used'"
    "   WHEN tr.status = 'withdrawn' THEN 'withdrawn'"
    "   WHEN tr.status <> 'pending' OR tr.expires_at <= now() THEN 'expired' ELSE 'live' END,"
    " tr.sender, tr.from_version, e.title, " ISO_UTC(
        "e.starts_at") ","
                       " coalesce(NULLIF(u.display_name, ''), u.email, tr.sender), " PLACE_COLUMNS
                       ", tr.recipient_email FROM ticket_transfers tr JOIN tickets t ON t.id = "
                       "tr.ticket_id"
                       " JOIN events e ON e.id = t.event_id LEFT JOIN users u ON u.username = "
                       "tr.sender" PLACE_JOINS " WHERE tr.token_hash = $1"};
// Under READ COMMITTED a second acceptance waits for the first and then finds it accepted.
const Statement kAccept{"transfer_accept",
                        "UPDATE ticket_transfers SET status = 'accepted', decided_at = now(),"
                        " accepted_by = $2 WHERE id = $1 AND status = 'pending'"
                        " AND expires_at > now() RETURNING id"};
const Statement kHandOver{"transfer_hand_over",
                          "UPDATE tickets SET holder = $2, version = $3, code = $4"
                          " WHERE id = $1::uuid"};
// Both mails in the language of the account they go to.
const Statement kDoneMails{
    "transfer_done_mails",
    "INSERT INTO transfer_mails (transfer_id, kind, recipient, locale, name, other_party)"
    " SELECT tr.id, m.kind, u.email, coalesce(u.locale, 'en'), coalesce(u.display_name, ''),"
    " coalesce(NULLIF(other.display_name, ''), other.email, m.other)"
    " FROM ticket_transfers tr"
    " CROSS JOIN LATERAL (VALUES ('sent', tr.sender, tr.accepted_by),"
    "   ('received', tr.accepted_by, tr.sender)) AS m(kind, who, other)"
    " JOIN users u ON u.username = m.who AND u.email IS NOT NULL"
    " LEFT JOIN users other ON other.username = m.other"
    " WHERE tr.id = $1"};
const Statement kPendingOf{
    "transfers_pending_of",
    "SELECT tr.ticket_id, tr.recipient_email, " ISO_UTC("tr.created_at") ", " ISO_UTC(
        "tr.expires_at") " FROM ticket_transfers tr WHERE tr.sender = $1 AND tr.status = 'pending'"
                         " ORDER BY tr.created_at"};
const Statement kReceivedBy{"transfers_received_by",
                            "SELECT t.id, t.event_id, e.title, " ISO_UTC(
                                "e.starts_at") ", coalesce(t.seat_id, ''),"
                                               " coalesce(t.ga_id, ''), t.code, " PLACE_COLUMNS
                                               " FROM tickets t"
                                               " JOIN events e ON e.id = t.event_id" PLACE_JOINS
                                               " WHERE t.holder = $1 AND t.status = 'valid' ORDER "
                                               "BY e.starts_at, t.seat_id, t.id"};

pqxx::binarystring bytes(const QByteArray &data)
{
    return pqxx::binarystring(data.constData(), size_t(data.size()));
}

} // namespace

std::optional<TransferableTicket> TicketTransferRepository::lock(Tx &tx, const QString &ticketId)
{
    const auto result = exec(tx, kLock, str(ticketId));
    if (result.empty())
        return std::nullopt;
    const auto &row = result[0];
    TransferableTicket t;
    t.id = qstr(row[0]);
    t.eventId = qstr(row[1]);
    t.seatId = qstr(row[2]);
    t.gaId = qstr(row[3]);
    t.status = qstr(row[4]);
    t.version = row[5].as<int>();
    t.used = row[6].as<bool>();
    t.holder = qstr(row[7]);
    t.orderStatus = qstr(row[8]);
    t.transfersEnabled = row[9].as<bool>();
    t.tooLate = row[10].as<bool>();
    t.cancelled = row[11].as<bool>();
    return t;
}

void TicketTransferRepository::offer(Tx &tx, const NewTransfer &transfer)
{
    // Two statements: the old offer leaves the one-pending index before the new one enters it.
    exec(tx, kReplace, str(transfer.ticketId));
    exec(tx,
         kOffer,
         str(transfer.ticketId),
         str(transfer.sender),
         str(transfer.email),
         bytes(transfer.tokenHash),
         transfer.fromVersion,
         double(transfer.ttlSeconds),
         str(transfer.locale),
         str(transfer.senderName),
         str(transfer.token));
}

bool TicketTransferRepository::cancel(Tx &tx, const QString &ticketId)
{
    return !exec(tx, kCancel, str(ticketId)).empty();
}

std::optional<TransferOffer> TicketTransferRepository::find(Tx &tx, const QByteArray &tokenHash)
{
    const auto result = exec(tx, kFind, bytes(tokenHash));
    if (result.empty())
        return std::nullopt;
    const auto &row = result[0];
    return TransferOffer{row[0].as<qint64>(),
                         qstr(row[1]),
                         qstr(row[2]),
                         qstr(row[3]),
                         row[4].as<int>(),
                         qstr(row[5]),
                         qstr(row[6]),
                         qstr(row[7]),
                         qstr(row[8]),
                         qstr(row[9]),
                         qstr(row[10]),
                         qstr(row[11]),
                         qstr(row[12])};
}

bool TicketTransferRepository::accept(Tx &tx, qint64 transferId, const QString &recipient)
{
    return !exec(tx, kAccept, transferId, str(recipient)).empty();
}

void TicketTransferRepository::handOver(Tx &tx,
                                        qint64 transferId,
                                        const QString &ticketId,
                                        const QString &holder,
                                        int version,
                                        const QString &code)
{
    exec(tx, kHandOver, str(ticketId), str(holder), version, str(code));
    exec(tx, kDoneMails, transferId);
}

QList<PendingTransfer> TicketTransferRepository::pendingOf(Tx &tx, const QString &sender)
{
    QList<PendingTransfer> out;
    for (const auto &row : exec(tx, kPendingOf, str(sender)))
        out.append({qstr(row[0]), qstr(row[1]), qstr(row[2]), qstr(row[3])});
    return out;
}

QList<ReceivedTicket> TicketTransferRepository::receivedBy(Tx &tx, const QString &holder)
{
    QList<ReceivedTicket> out;
    for (const auto &row : exec(tx, kReceivedBy, str(holder)))
        out.append({qstr(row[0]),
                    qstr(row[1]),
                    qstr(row[2]),
                    qstr(row[3]),
                    qstr(row[4]),
                    qstr(row[5]),
                    qstr(row[6]),
                    qstr(row[7]),
                    qstr(row[8]),
                    qstr(row[9]),
                    qstr(row[10])});
    return out;
}

} // namespace boxoffice::server::db
