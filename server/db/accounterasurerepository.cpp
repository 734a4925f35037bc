// SPDX-License-Identifier: GPL-3.0-or-later
#include "accounterasurerepository.h"

#include "statement.h"

namespace boxoffice::server::db {

namespace {

const Statement kLockHolds{"erase_lock_holds",
                           "SELECT id FROM holds WHERE owner = $1 AND status = 'active'"
                           " ORDER BY id FOR UPDATE"};
const Statement kLockUser{"erase_lock_user",
                          "SELECT id, username, coalesce(email, ''), coalesce(display_name, ''),"
                          " coalesce(locale, 'en') FROM users WHERE username = $1"
                          " AND password_hash = $2 AND role = 'fan' AND erased_at IS NULL"
                          " FOR UPDATE"};
const Statement kBusy{"erase_busy",
                      "SELECT EXISTS (SELECT 1 FROM holds WHERE owner = $1 AND status = 'active'"
                      "   AND expires_at >= now())"
                      " OR EXISTS (SELECT 1 FROM orders WHERE owner = $1 AND status = 'pending')"};
// Valid tickets in the fan's hands for a show not yet over (12 hours after its start) and not
// cancelled: the fan would lose them with the account.
const Statement kLiveTickets{
    "erase_live_tickets",
    "SELECT t.id FROM tickets t JOIN orders o ON o.id = t.order_id"
    " JOIN events e ON e.id = t.event_id WHERE (t.holder = $1 OR (t.holder IS NULL"
    " AND o.owner = $1)) AND t.status = 'valid' AND e.cancelled_at IS NULL"
    " AND e.starts_at > now() - interval '12 hours' ORDER BY e.starts_at, t.id LIMIT 50"};

// In this order: the log and the mails find their rows through the orders before those change.
// $1 is the old name, $2 the tombstone (and $3 the e-mail as typed, where used).
const Statement kLog{"erase_log",
                     "UPDATE transaction_log SET actor = $2 WHERE order_id IN"
                     " (SELECT id FROM orders WHERE owner = $1) AND actor = $1"};
const Statement kOrderMails{
    "erase_order_mails",
    "UPDATE mail_jobs SET recipient = $2,"
    " status = CASE WHEN status IN ('pending', 'sending') THEN 'failed' ELSE status END,"
    " last_error = CASE WHEN status IN ('pending', 'sending') THEN 'account erased'"
    "   ELSE last_error END"
    " WHERE order_id IN (SELECT id FROM orders WHERE owner = $1"
    "   OR lower(contact_email) = lower($3))"};
const Statement kInventory{"erase_inventory",
                           "UPDATE inventory i SET owner = $2 FROM holds h WHERE h.owner = $1"
                           " AND i.event_id = h.event_id AND i.seat_id = ANY(h.seats)"
                           " AND i.owner = $1"};
const Statement
    kOutbox{"erase_outbox",
            "UPDATE outbox SET payload = jsonb_set(payload, '{owner}', to_jsonb($2::text))"
            " WHERE payload ? 'owner' AND payload->>'owner' = $1"};
const Statement kHolds{"erase_holds", "UPDATE holds SET owner = $2 WHERE owner = $1"};
const Statement kContact{"erase_contact",
                         "UPDATE orders SET contact_email = NULL, contact_locale = NULL"
                         " WHERE lower(contact_email) = lower($1)"};
const Statement kOrders{"erase_orders", "UPDATE orders SET owner = $2 WHERE owner = $1"};
// Billing details stay only where an issued invoice carries them (kept by law).
const Statement kBilling{"erase_billing",
                         "DELETE FROM order_billing b USING orders o WHERE b.order_id = o.id"
                         " AND o.owner = $1 AND NOT EXISTS (SELECT 1 FROM invoices i"
                         " WHERE i.order_id = o.id)"};
const Statement kHolder{"erase_holder", "UPDATE tickets SET holder = $2 WHERE holder = $1"};
const Statement kOffersMade{"erase_offers_made",
                            "UPDATE ticket_transfers SET status = 'cancelled', decided_at = now()"
                            " WHERE sender = $1 AND status = 'pending'"};
// Offers still pending to the address are the givers' (they may go to a new account).
const Statement kTransferMails{
    "erase_transfer_mails",
    "UPDATE transfer_mails m SET other_party = '', token = NULL,"
    " recipient = CASE WHEN lower(m.recipient) = lower($3) THEN $2 ELSE m.recipient END,"
    " name = CASE WHEN lower(m.recipient) = lower($3) THEN '' ELSE m.name END,"
    " status = CASE WHEN m.status IN ('pending', 'sending') THEN 'failed' ELSE m.status END"
    " FROM ticket_transfers tr WHERE tr.id = m.transfer_id AND tr.status <> 'pending'"
    " AND (tr.sender = $1 OR tr.accepted_by = $1 OR lower(tr.recipient_email) = lower($3))"};
const Statement kSender{"erase_sender", "UPDATE ticket_transfers SET sender = $2 WHERE sender = $1"};
const Statement kRecipient{
    "erase_recipient",
    "UPDATE ticket_transfers SET accepted_by = CASE WHEN accepted_by = $1 THEN $2"
    " ELSE accepted_by END, recipient_email = $2"
    " WHERE accepted_by = $1 OR (lower(recipient_email) = lower($3) AND status <> 'pending')"};
const Statement kLinks{"erase_links",
                       "UPDATE account_links SET replaced_at = now() WHERE user_id = $1"
                       " AND used_at IS NULL AND replaced_at IS NULL"};
const Statement kAccountMails{
    "erase_account_mails",
    "UPDATE account_mails SET recipient = '', name = '', token = NULL,"
    " status = CASE WHEN status IN ('pending', 'sending') THEN 'failed' ELSE status END"
    " WHERE link_id IN (SELECT id FROM account_links WHERE user_id = $1)"};
// Waiting lists: a place still waiting is left; the places keep the tombstone; their mails
// forget the address (an offer could not stand: its hold would make the account busy).
const Statement kWaitingMails{
    "erase_waiting_mails",
    "UPDATE waiting_mails m SET recipient = '', name = '',"
    " status = CASE WHEN m.status IN ('pending', 'sending') THEN 'failed' ELSE m.status END,"
    " last_error = CASE WHEN m.status IN ('pending', 'sending') THEN 'account erased'"
    " ELSE m.last_error END FROM waiting_entries w WHERE w.id = m.entry_id AND w.username = $1"};
const Statement kWaitingLeft{"erase_waiting_left",
                             "UPDATE waiting_entries SET state = 'left', ended_at = now()"
                             " WHERE username = $1 AND state = 'waiting'"};
const Statement kWaiting{"erase_waiting",
                         "UPDATE waiting_entries SET username = $2 WHERE username = $1"};
const Statement kIdempotency{"erase_idempotency", "DELETE FROM idempotency_keys WHERE owner = $1"};
// The confirmation to the old address, in the fan's language, before the name goes.
const Statement kMail{"erase_mail",
                      "INSERT INTO account_mails (kind, recipient, locale, name)"
                      " VALUES ('erased', $1, $2, $3)"};
const Statement kUser{
    "erase_user",
    "UPDATE users SET username = $2, email = $2, display_name = NULL, name = NULL, locale = NULL,"
    " password_hash = '!', email_verified_at = NULL, session_version = nextval('session_versions'),"
    " sessions_reset_at = now(), erased_at = now() WHERE id = $1 RETURNING session_version"};
const Statement
    kEnded{"erase_end_sessions",
           "INSERT INTO ended_sessions (subject, session_version, keep_until)"
           " VALUES ($1, $2, now() + make_interval(secs => $3))"
           " ON CONFLICT (subject) DO UPDATE SET session_version = EXCLUDED.session_version,"
           " ended_at = now(), keep_until = EXCLUDED.keep_until"};
// That it happened, and to which account row; nothing that names the person.
const Statement kAudit{"erase_audit",
                       "INSERT INTO audit (actor, action, subject, details)"
                       " VALUES ($1, 'account.erased', 'user:' || $2::text,"
                       " jsonb_build_object('orders', (SELECT count(*) FROM orders"
                       " WHERE owner = $1)))"};

} // namespace

std::optional<ErasureSubject> AccountErasureRepository::lock(Tx &tx,
                                                             const QString &username,
                                                             const QByteArray &passwordHash)
{
    exec(tx, kLockHolds, str(username));
    const auto result = exec(tx, kLockUser, str(username), passwordHash.toStdString());
    if (result.empty())
        return std::nullopt;
    const auto &row = result[0];
    return ErasureSubject{row[0].as<qint64>(),
                          qstr(row[1]),
                          qstr(row[2]),
                          qstr(row[3]),
                          qstr(row[4])};
}

ErasureBlockers AccountErasureRepository::blockers(Tx &tx, const QString &username)
{
    ErasureBlockers out;
    out.busy = exec(tx, kBusy, str(username))[0][0].as<bool>();
    for (const auto &row : exec(tx, kLiveTickets, str(username)))
        out.liveTickets.append(qstr(row[0]));
    return out;
}

int AccountErasureRepository::erase(Tx &tx,
                                    const ErasureSubject &subject,
                                    qint64 tokenLifetimeSeconds)
{
    if (!subject.email.isEmpty())
        exec(tx, kMail, str(subject.email), str(subject.locale), str(subject.name));
    const std::string name = str(subject.username), tomb = str(tombstone(subject.id)),
                      email = str(subject.email);
    exec(tx, kLog, name, tomb);
    exec(tx, kOrderMails, name, tomb, email);
    exec(tx, kInventory, name, tomb);
    exec(tx, kHolds, name, tomb);
    exec(tx, kOutbox, name, tomb);
    exec(tx, kContact, email);
    exec(tx, kOrders, name, tomb);
    exec(tx, kBilling, tomb);
    exec(tx, kHolder, name, tomb);
    exec(tx, kOffersMade, name);
    exec(tx, kTransferMails, name, tomb, email);
    exec(tx, kSender, name, tomb);
    exec(tx, kRecipient, name, tomb, email);
    exec(tx, kLinks, subject.id);
    exec(tx, kAccountMails, subject.id);
    exec(tx, kWaitingMails, name);
    exec(tx, kWaitingLeft, name);
    exec(tx, kWaiting, name, tomb);
    exec(tx, kIdempotency, name);
    const int version = exec(tx, kUser, subject.id, tomb)[0][0].as<int>();
    exec(tx, kEnded, name, version, double(tokenLifetimeSeconds));
    exec(tx, kAudit, tomb, QString::number(subject.id).toStdString());
    return version;
}

QString AccountErasureRepository::tombstone(qint64 id)
{
    return QStringLiteral("erased-%1@invalid").arg(id);
}

} // namespace boxoffice::server::db
