// SPDX-License-Identifier: GPL-3.0-or-later
#include "transfermailrepository.h"

#include "mailoutboxsteps.h"

namespace boxoffice::server::db {

namespace {

// SKIP LOCKED: several servers share the outbox, each mail goes to one of them.
const Statement kClaim{
    "transfer_mail_claim",
    "WITH claimed AS (UPDATE transfer_mails SET status = 'sending', attempts = attempts + 1,"
    "   interrupted = interrupted + CASE WHEN status = 'sending' THEN 1 ELSE 0 END,"
    "   claimed_until = now() + make_interval(secs => $1)"
    "   WHERE id = (SELECT id FROM transfer_mails WHERE (status = 'pending' AND next_try_at <="
    "     now()) OR (status = 'sending' AND claimed_until < now())"
    "     ORDER BY next_try_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)"
    "   RETURNING *)"
    " SELECT c.id, c.kind, c.recipient, c.locale, c.name, c.other_party, coalesce(c.token, ''),"
    " c.attempts, c.interrupted, extract(epoch FROM tr.expires_at - tr.created_at)::integer,"
    " e.title, to_char(e.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'),"
    " coalesce(to_jsonb(v) ->> 'time_zone', ''),"
    " coalesce(i.section, ''), coalesce(i.row_label, ''), coalesce(i.number, ''),"
    " coalesce(g.name, ''),"
    " CASE WHEN c.kind = 'received' AND t.holder = tr.accepted_by AND t.status = 'valid'"
    "   THEN t.code ELSE '' END"
    " FROM claimed c JOIN ticket_transfers tr ON tr.id = c.transfer_id"
    " JOIN tickets t ON t.id = tr.ticket_id JOIN events e ON e.id = t.event_id"
    " LEFT JOIN venues v ON v.id = e.venue_id"
    " LEFT JOIN inventory i ON i.event_id = t.event_id AND i.seat_id = t.seat_id"
    " LEFT JOIN ga_zones g ON g.event_id = t.event_id AND g.ga_id = t.ga_id"};
const Statement kSent{"transfer_mail_sent",
                      "UPDATE transfer_mails SET status = 'sent', sent_at = now(),"
                      " last_error = '', claimed_until = NULL, token = NULL WHERE id = $1"};
const Statement kRetry{
    "transfer_mail_retry",
    "UPDATE transfer_mails SET status = CASE WHEN $4::boolean THEN 'failed' ELSE 'pending' END,"
    " token = CASE WHEN $4::boolean THEN NULL ELSE token END,"
    " last_error = $2, claimed_until = NULL,"
    " interrupted = interrupted + CASE WHEN $5::boolean THEN 1 ELSE 0 END,"
    " next_try_at = now() + make_interval(secs => $3) WHERE id = $1"};

} // namespace

std::optional<TransferMailJob> TransferMailRepository::claim(Tx &tx, int leaseSeconds)
{
    const auto result = exec(tx, kClaim, leaseSeconds);
    if (result.empty())
        return std::nullopt;
    const auto &row = result[0];
    TransferMailJob job;
    job.id = row[0].as<qint64>();
    job.kind = qstr(row[1]);
    job.recipient = qstr(row[2]);
    job.locale = qstr(row[3]);
    job.name = qstr(row[4]);
    job.otherParty = qstr(row[5]);
    job.token = qstr(row[6]);
    job.attempts = row[7].as<int>();
    job.interrupted = row[8].as<int>();
    job.validSeconds = row[9].as<int>();
    job.eventTitle = qstr(row[10]);
    job.startsAt = qstr(row[11]);
    job.timeZone = qstr(row[12]);
    job.section = qstr(row[13]);
    job.row = qstr(row[14]);
    job.number = qstr(row[15]);
    job.gaName = qstr(row[16]);
    job.code = qstr(row[17]);
    return job;
}

template<>
const MailOutbox<TransferMailRepository>::Statements
    MailOutbox<TransferMailRepository>::kStatements{kSent, kRetry};
template class MailOutbox<TransferMailRepository>;

} // namespace boxoffice::server::db
