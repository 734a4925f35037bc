// SPDX-License-Identifier: GPL-3.0-or-later
#include "paymentattemptrepository.h"

#include "statement.h"

namespace boxoffice::server::db {

namespace {

const Statement
    kInsertAttempt{"attempt_insert",
                   "WITH n AS (SELECT gen_random_uuid() AS id)"
                   " INSERT INTO payment_attempts (id, order_id, provider, method, idempotency_key,"
                   " amount_cents, currency, status)"
                   " SELECT n.id, $1::uuid, $2, $3, 'pa_' || n.id, $4, $5, $6 FROM n"
                   " RETURNING id, idempotency_key"};
#define ATTEMPT_COLUMNS \
    "id, order_id, provider, coalesce(intent_id, ''), coalesce(client_secret, ''), status," \
    " idempotency_key, amount_cents, currency, refunded_cents"
const Statement kAttemptByIntent{"attempt_by_intent",
                                 "SELECT " ATTEMPT_COLUMNS
                                 " FROM payment_attempts WHERE intent_id = $1 FOR UPDATE"};
const Statement kAttemptById{"attempt_by_id",
                             "SELECT " ATTEMPT_COLUMNS
                             " FROM payment_attempts WHERE id = $1::uuid FOR UPDATE"};
const Statement kOpenAttempt{"attempt_open",
                             "SELECT 1 FROM payment_attempts WHERE order_id = $1::uuid"
                             " AND status IN ('created', 'pending', 'uncertain')"};
const Statement kSetIntent{
    "attempt_set_intent",
    "UPDATE payment_attempts SET intent_id = $2, client_secret = $3, updated_at = now(),"
    " status = CASE WHEN status IN ('created', 'uncertain') THEN 'pending' ELSE status END"
    " WHERE id = $1::uuid"};
const Statement kSetAttemptStatus{"attempt_set_status",
                                  "UPDATE payment_attempts SET status = $2, last_error = $3,"
                                  " updated_at = now() WHERE id = $1::uuid"};
const Statement kAddRefunded{"attempt_add_refunded",
                             "UPDATE payment_attempts SET refunded_cents = refunded_cents + $2"
                             " WHERE id = $1::uuid"};
const Statement kAttemptCount{"attempt_count",
                              "SELECT count(*) FROM payment_attempts WHERE order_id = $1::uuid"};
const Statement kClaimUncertain{
    "attempts_claim_uncertain",
    "WITH leader AS (SELECT pg_try_advisory_xact_lock(7305098, 2) AS ok),"
    " due AS (SELECT a.id FROM payment_attempts a, leader WHERE leader.ok"
    "   AND a.provider <> 'box_office' AND ((a.status IN ('created', 'uncertain')"
    "   AND a.updated_at < now() - make_interval(secs => $1))"
    "   OR (a.status = 'pending' AND a.updated_at < now() - make_interval(secs => $2)))"
    "   ORDER BY a.updated_at LIMIT $3 FOR UPDATE SKIP LOCKED)"
    " UPDATE payment_attempts a SET updated_at = now() FROM due, orders o, holds h"
    " WHERE a.id = due.id AND o.id = a.order_id AND h.id = o.hold_id"
    " RETURNING a.id, a.order_id, a.provider, coalesce(a.intent_id, ''),"
    " coalesce(a.client_secret, ''), a.status, a.idempotency_key, a.amount_cents, a.currency,"
    " a.refunded_cents, h.expires_at < now()"};

PaymentAttempt attemptFromRow(const pqxx::row &row, int at = 0)
{
    PaymentAttempt a;
    a.id = qstr(row[at]);
    a.orderId = qstr(row[at + 1]);
    a.provider = qstr(row[at + 2]);
    a.intentId = qstr(row[at + 3]);
    a.clientSecret = qstr(row[at + 4]);
    a.status = qstr(row[at + 5]);
    a.idempotencyKey = qstr(row[at + 6]);
    a.amountCents = row[at + 7].as<qint64>();
    a.currency = qstr(row[at + 8]);
    a.refundedCents = row[at + 9].as<qint64>();
    return a;
}

} // namespace

PaymentAttempt PaymentAttemptRepository::insert(Tx &tx,
                                                const QString &orderId,
                                                const QString &provider,
                                                const QString &method,
                                                qint64 amountCents,
                                                const QString &currency,
                                                const QString &status)
{
    const auto row = exec(tx,
                          kInsertAttempt,
                          str(orderId),
                          str(provider),
                          str(method),
                          amountCents,
                          str(currency),
                          str(status))[0];
    PaymentAttempt a;
    a.id = qstr(row[0]);
    a.idempotencyKey = qstr(row[1]);
    a.orderId = orderId;
    a.provider = provider;
    a.status = status;
    a.amountCents = amountCents;
    a.currency = currency;
    return a;
}

std::optional<PaymentAttempt> PaymentAttemptRepository::byIntent(Tx &tx, const QString &intentId)
{
    const auto result = exec(tx, kAttemptByIntent, str(intentId));
    if (result.empty())
        return std::nullopt;
    return attemptFromRow(result[0]);
}

std::optional<PaymentAttempt> PaymentAttemptRepository::byId(Tx &tx, const QString &attemptId)
{
    const auto result = exec(tx, kAttemptById, str(attemptId));
    if (result.empty())
        return std::nullopt;
    return attemptFromRow(result[0]);
}

bool PaymentAttemptRepository::hasOpen(Tx &tx, const QString &orderId)
{
    return !exec(tx, kOpenAttempt, str(orderId)).empty();
}

int PaymentAttemptRepository::count(Tx &tx, const QString &orderId)
{
    return exec(tx, kAttemptCount, str(orderId))[0][0].as<int>();
}

void PaymentAttemptRepository::setIntent(Tx &tx,
                                         const QString &attemptId,
                                         const QString &intentId,
                                         const QString &clientSecret)
{
    exec(tx, kSetIntent, str(attemptId), str(intentId), str(clientSecret));
}

void PaymentAttemptRepository::setStatus(Tx &tx,
                                         const QString &attemptId,
                                         const QString &status,
                                         const QString &error)
{
    exec(tx, kSetAttemptStatus, str(attemptId), str(status), str(error));
}

void PaymentAttemptRepository::addRefunded(Tx &tx, const QString &attemptId, qint64 cents)
{
    exec(tx, kAddRefunded, str(attemptId), cents);
}

QList<AttemptToReconcile> PaymentAttemptRepository::claimUncertain(Tx &tx,
                                                                   int createdAfterSeconds,
                                                                   int pendingAfterSeconds,
                                                                   int limit)
{
    QList<AttemptToReconcile> out;
    for (const auto &row :
         exec(tx, kClaimUncertain, createdAfterSeconds, pendingAfterSeconds, limit))
        out.append(AttemptToReconcile{attemptFromRow(row), row[10].as<bool>()});
    return out;
}

} // namespace boxoffice::server::db
