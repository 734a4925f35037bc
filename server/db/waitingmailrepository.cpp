// SPDX-License-Identifier: GPL-3.0-or-later
#include "waitingmailrepository.h"

#include "mailoutboxsteps.h"

namespace boxoffice::server::db {

namespace {

#define UTC_ISO(column) "to_char(" column " AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')"

// SKIP LOCKED: several servers share the outbox, each mail goes to one of them.
const Statement kClaim{
    "waiting_mail_claim",
    "WITH claimed AS (UPDATE waiting_mails SET status = 'sending', attempts = attempts + 1,"
    "   interrupted = interrupted + CASE WHEN status = 'sending' THEN 1 ELSE 0 END,"
    "   claimed_until = now() + make_interval(secs => $1)"
    "   WHERE id = (SELECT id FROM waiting_mails WHERE (status = 'pending' AND next_try_at <="
    "     now()) OR (status = 'sending' AND claimed_until < now())"
    "     ORDER BY next_try_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)"
    "   RETURNING *)"
    " SELECT c.id, c.kind, c.recipient, c.locale, c.name, c.attempts, c.interrupted,"
    " e.id::text, e.title, " UTC_ISO(
        "e.starts_at") ", coalesce(to_jsonb(v) ->> 'time_zone', ''),"
                       " " UTC_ISO("h.expires_at") ","
                                                   " coalesce((SELECT array_agg(i.section || '|' "
                                                   "|| i.row_label || '|' || i.number"
                                                   "   ORDER BY i.section, i.row_index, "
                                                   "i.seat_index) FROM inventory i"
                                                   "   WHERE i.event_id = e.id AND i.seat_id = "
                                                   "ANY(h.seats)), '{}')"
                                                   " FROM claimed c JOIN waiting_entries w ON w.id "
                                                   "= c.entry_id"
                                                   " JOIN events e ON e.id = w.event_id JOIN holds "
                                                   "h ON h.id = w.hold_id"
                                                   " LEFT JOIN venues v ON v.id = e.venue_id"};
const Statement kSent{"waiting_mail_sent",
                      "UPDATE waiting_mails SET status = 'sent', sent_at = now(),"
                      " last_error = '', claimed_until = NULL WHERE id = $1"};
const Statement kRetry{
    "waiting_mail_retry",
    "UPDATE waiting_mails SET status = CASE WHEN $4::boolean THEN 'failed' ELSE 'pending' END,"
    " last_error = $2, claimed_until = NULL,"
    " interrupted = interrupted + CASE WHEN $5::boolean THEN 1 ELSE 0 END,"
    " next_try_at = now() + make_interval(secs => $3) WHERE id = $1"};

} // namespace

std::optional<WaitingMailJob> WaitingMailRepository::claim(Tx &tx, int leaseSeconds)
{
    const auto result = exec(tx, kClaim, leaseSeconds);
    if (result.empty())
        return std::nullopt;
    const auto &row = result[0];
    WaitingMailJob job;
    job.id = row[0].as<qint64>();
    job.kind = qstr(row[1]);
    job.recipient = qstr(row[2]);
    job.locale = qstr(row[3]);
    job.name = qstr(row[4]);
    job.attempts = row[5].as<int>();
    job.interrupted = row[6].as<int>();
    job.eventId = qstr(row[7]);
    job.eventTitle = qstr(row[8]);
    job.startsAt = qstr(row[9]);
    job.timeZone = qstr(row[10]);
    job.expiresAt = qstr(row[11]);
    job.places = parseTextArray(row[12]);
    return job;
}

template<>
const MailOutbox<WaitingMailRepository>::Statements
    MailOutbox<WaitingMailRepository>::kStatements{kSent, kRetry};
template class MailOutbox<WaitingMailRepository>;

} // namespace boxoffice::server::db
