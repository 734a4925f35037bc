// SPDX-License-Identifier: GPL-3.0-or-later
#include "accountmailrepository.h"

#include "mailoutboxsteps.h"

namespace boxoffice::server::db {

namespace {

// An erasure's confirmation (migration 0130) forgets the address and name it went to once it is
// sent or given up (`done`): the erased account's last trace.
#define ERASED_FORGETS(done) \
    " recipient = CASE WHEN kind = 'erased' AND " done " THEN '' ELSE recipient END," \
    " name = CASE WHEN kind = 'erased' AND " done " THEN '' ELSE name END"

// SKIP LOCKED: several servers share the outbox, each mail goes to one of them.
const Statement kClaim{
    "account_mail_claim",
    "WITH claimed AS (UPDATE account_mails SET status = 'sending', attempts = attempts + 1,"
    "   interrupted = interrupted + CASE WHEN status = 'sending' THEN 1 ELSE 0 END,"
    "   claimed_until = now() + make_interval(secs => $1)"
    "   WHERE id = (SELECT id FROM account_mails WHERE (status = 'pending' AND next_try_at <= "
    "now())"
    "     OR (status = 'sending' AND claimed_until < now())"
    "     ORDER BY next_try_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)"
    "   RETURNING id, link_id, recipient, locale, name, coalesce(token, '') AS token, attempts, "
    "interrupted)"
    " SELECT c.id, coalesce(l.purpose, 'erased'), c.recipient, c.locale, c.name, c.token,"
    " c.attempts, c.interrupted, coalesce(extract(epoch FROM l.expires_at - l.created_at), 0)"
    "::integer FROM claimed c LEFT JOIN account_links l ON l.id = c.link_id"};
const Statement kSent{"account_mail_sent",
                      "UPDATE account_mails SET status = 'sent', sent_at = now(), last_error = '',"
                      " claimed_until = NULL, token = NULL," ERASED_FORGETS(
                          "true") " WHERE id = $1"};
const Statement kRetry{
    "account_mail_retry",
    "UPDATE account_mails SET status = CASE WHEN $4::boolean THEN 'failed' ELSE 'pending' END,"
    " token = CASE WHEN $4::boolean THEN NULL ELSE token END,"
    " last_error = $2, claimed_until = NULL,"
    " interrupted = interrupted + CASE WHEN $5::boolean THEN 1 ELSE 0 END,"
    " next_try_at = now() + make_interval(secs => $3)," ERASED_FORGETS(
        "$4::boolean") " WHERE id = $1"};

#undef ERASED_FORGETS

} // namespace

std::optional<AccountMailJob> AccountMailRepository::claim(Tx &tx, int leaseSeconds)
{
    const auto result = exec(tx, kClaim, leaseSeconds);
    if (result.empty())
        return std::nullopt;
    const auto &row = result[0];
    return AccountMailJob{row[0].as<qint64>(),
                          qstr(row[1]),
                          qstr(row[2]),
                          qstr(row[3]),
                          qstr(row[4]),
                          qstr(row[5]),
                          row[6].as<int>(),
                          row[7].as<int>(),
                          row[8].as<int>()};
}

template<>
const MailOutbox<AccountMailRepository>::Statements
    MailOutbox<AccountMailRepository>::kStatements{kSent, kRetry};
template class MailOutbox<AccountMailRepository>;

} // namespace boxoffice::server::db
