// SPDX-License-Identifier: GPL-3.0-or-later
#include "mailrepository.h"

#include "mailoutboxsteps.h"

namespace boxoffice::server::db {

namespace {

const Statement kSetContact{"mail_set_contact",
                            "UPDATE orders SET contact_email = NULLIF($2, ''),"
                            " contact_locale = NULLIF($3, '') WHERE id = $1::uuid"};
// The triggers' own choice (db/sql/order_mail_recipient.sql).
const Statement kContact{"mail_contact",
                         "SELECT coalesce(max(email), ''), coalesce(max(locale), 'en')"
                         " FROM order_mail_recipient($1::uuid)"};
const Statement kQueueAgain{
    "mail_queue_again",
    "WITH next AS (SELECT nextval(pg_get_serial_sequence('mail_jobs', 'id')) AS id)"
    " INSERT INTO mail_jobs (id, order_id, recipient, locale, message_id, kind, requested_by)"
    " SELECT id, $1::uuid, $2, $3, 'tickets-' || $1::uuid || '-again-' || id, 'again', $4"
    " FROM next RETURNING id, order_id, recipient, locale, message_id, attempts, interrupted"};
// SKIP LOCKED: several servers share the outbox, each job goes to one of them.
const Statement kClaim{
    "mail_claim",
    "UPDATE mail_jobs SET status = 'sending', attempts = attempts + 1,"
    " interrupted = interrupted + CASE WHEN status = 'sending' THEN 1 ELSE 0 END,"
    " claimed_until = now() + make_interval(secs => $1)"
    " WHERE id = (SELECT id FROM mail_jobs WHERE (status = 'pending' AND next_try_at <= now())"
    "   OR (status = 'sending' AND claimed_until < now())"
    "   ORDER BY next_try_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)"
    " RETURNING id, order_id, recipient, locale, message_id, attempts, interrupted, kind,"
    " coalesce(invoice_number, 0)"};
// to_jsonb(v) reads the venue's time_zone when the venue has one (a later migration adds it).
const Statement
    kOrder{"mail_order",
           "SELECT e.title, to_char(e.starts_at AT TIME ZONE 'UTC',"
           " 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), coalesce(to_jsonb(v) ->> 'time_zone', ''),"
           " v.name, v.city"
           " FROM orders o JOIN events e ON e.id = o.event_id"
           " JOIN venues v ON v.id = e.venue_id WHERE o.id = $1::uuid"};
const Statement
    kTickets{"mail_tickets",
             "SELECT t.id, t.code, coalesce(t.seat_id, ''), coalesce(i.section, ''),"
             " coalesce(i.row_label, ''), coalesce(i.number, ''), coalesce(g.name, '')"
             " FROM tickets t"
             " LEFT JOIN inventory i ON i.event_id = t.event_id AND i.seat_id = t.seat_id"
             " LEFT JOIN ga_zones g ON g.event_id = t.event_id AND g.ga_id = t.ga_id"
             " WHERE t.order_id = $1::uuid AND t.status = 'valid'"
             " ORDER BY i.section, i.row_index, i.seat_index, t.id"};
const Statement kSent{"mail_sent",
                      "UPDATE mail_jobs SET status = 'sent', sent_at = now(), last_error = '',"
                      " claimed_until = NULL WHERE id = $1"};
const Statement
    kRetry{"mail_retry",
           "UPDATE mail_jobs SET status = CASE WHEN $4::boolean THEN 'failed' ELSE 'pending' END,"
           " last_error = $2, claimed_until = NULL,"
           " interrupted = interrupted + CASE WHEN $5::boolean THEN 1 ELSE 0 END,"
           " next_try_at = now() + make_interval(secs => $3) WHERE id = $1"};
const Statement kCounts{"mail_counts", "SELECT status, count(*) FROM mail_jobs GROUP BY status"};

/// A job from columns id, order id, recipient, locale, message id, attempts, interrupted.
MailJob jobFromRow(const pqxx::row &row)
{
    return MailJob{row[0].as<qint64>(),
                   qstr(row[1]),
                   qstr(row[2]),
                   qstr(row[3]),
                   qstr(row[4]),
                   row[5].as<int>(),
                   row[6].as<int>()};
}

} // namespace

void MailRepository::setContact(Tx &tx,
                                const QString &orderId,
                                const QString &email,
                                const QString &locale)
{
    exec(tx, kSetContact, str(orderId), str(email), str(locale));
}

MailContact MailRepository::contactOf(Tx &tx, const QString &orderId)
{
    const auto result = exec(tx, kContact, str(orderId));
    if (result.empty())
        return {};
    return MailContact{qstr(result[0][0]), qstr(result[0][1])};
}

MailJob MailRepository::queueAgain(Tx &tx,
                                   const QString &orderId,
                                   const QString &recipient,
                                   const QString &locale,
                                   const QString &requestedBy)
{
    const auto row
        = exec(tx, kQueueAgain, str(orderId), str(recipient), str(locale), str(requestedBy))[0];
    return jobFromRow(row);
}

std::optional<MailJob> MailRepository::claim(Tx &tx, int leaseSeconds)
{
    const auto result = exec(tx, kClaim, leaseSeconds);
    if (result.empty())
        return std::nullopt;
    MailJob job = jobFromRow(result[0]);
    job.kind = qstr(result[0][7]);
    job.invoiceNumber = result[0][8].as<qint64>();
    return job;
}

std::optional<MailOrder> MailRepository::order(Tx &tx, const QString &orderId)
{
    const auto result = exec(tx, kOrder, str(orderId));
    if (result.empty())
        return std::nullopt;
    MailOrder order;
    order.eventTitle = qstr(result[0][0]);
    order.startsAt = QDateTime::fromString(qstr(result[0][1]), Qt::ISODate);
    order.timeZone = qstr(result[0][2]);
    order.venueName = qstr(result[0][3]);
    order.city = qstr(result[0][4]);
    for (const auto &row : exec(tx, kTickets, str(orderId)))
        order.tickets.append(MailTicket{qstr(row[0]),
                                        qstr(row[1]),
                                        qstr(row[2]),
                                        qstr(row[3]),
                                        qstr(row[4]),
                                        qstr(row[5]),
                                        qstr(row[6])});
    return order;
}

template<>
const MailOutbox<MailRepository>::Statements MailOutbox<MailRepository>::kStatements{kSent, kRetry};
template class MailOutbox<MailRepository>;

QHash<QString, qint64> MailRepository::counts(Tx &tx)
{
    QHash<QString, qint64> out;
    for (const auto &row : exec(tx, kCounts))
        out.insert(qstr(row[0]), row[1].as<qint64>());
    return out;
}

} // namespace boxoffice::server::db
