// SPDX-License-Identifier: GPL-3.0-or-later
#include "refundqueuerepository.h"

#include "statement.h"

namespace boxoffice::server::db {

namespace {

const Statement kInsertRefund{
    "refund_insert",
    "INSERT INTO compensations (order_id, intent_id, amount_cents, currency, reason, kind)"
    " VALUES ($1::uuid, $2, $3, $4, $5, $6)"
    " ON CONFLICT (intent_id) WHERE kind = 'compensation' DO NOTHING RETURNING 1"};
const Statement kClaimRefunds{
    "refunds_claim",
    "WITH leader AS (SELECT pg_try_advisory_xact_lock(7305098, 3) AS ok),"
    " due AS (SELECT id FROM compensations, leader WHERE leader.ok AND status = 'pending'"
    "   AND next_try_at <= now() ORDER BY next_try_at LIMIT $1 FOR UPDATE SKIP LOCKED)"
    " UPDATE compensations c SET attempts = c.attempts + 1, updated_at = now(),"
    "   next_try_at = now() + make_interval(secs => least(30, power(2, c.attempts)::int))"
    " FROM due WHERE c.id = due.id"
    " RETURNING c.id, coalesce(c.order_id::text, ''), c.intent_id, c.amount_cents, c.attempts"};
// By intent (the webhook): only the intent's one compensation; staff refunds can be several per
// intent, so they are only marked done by id, by the worker that sent them.
const Statement kRefundDone{"refund_done",
                            "UPDATE compensations SET status = 'done', refund_id = $2,"
                            " updated_at = now() WHERE intent_id = $1 AND status = 'pending'"
                            " AND kind = 'compensation'"
                            " RETURNING coalesce(order_id::text, ''), kind"};
const Statement kRefundDoneById{"refund_done_by_id",
                                "UPDATE compensations SET status = 'done', refund_id = $2,"
                                " updated_at = now() WHERE id = $1::uuid AND status = 'pending'"
                                " RETURNING coalesce(order_id::text, ''), kind"};
const Statement kRefundError{"refund_error",
                             "UPDATE compensations SET last_error = $2, updated_at = now(),"
                             " status = CASE WHEN $3 THEN 'failed' ELSE status END"
                             " WHERE id = $1::uuid"};
const Statement kPendingRefunds{"refunds_pending",
                                "SELECT count(*) FROM compensations WHERE status = 'pending'"};

} // namespace

bool RefundQueueRepository::insertDue(Tx &tx,
                                      const QString &orderId,
                                      const QString &intentId,
                                      qint64 amountCents,
                                      const QString &currency,
                                      const QString &reason,
                                      const QString &kind)
{
    return !exec(tx,
                 kInsertRefund,
                 str(orderId),
                 str(intentId),
                 amountCents,
                 str(currency),
                 str(reason),
                 str(kind))
                .empty();
}

QList<DueRefund> RefundQueueRepository::claimDue(Tx &tx, int limit)
{
    QList<DueRefund> out;
    for (const auto &row : exec(tx, kClaimRefunds, limit))
        out.append(DueRefund{qstr(row[0]),
                             qstr(row[1]),
                             qstr(row[2]),
                             row[3].as<qint64>(),
                             row[4].as<int>()});
    return out;
}

std::optional<std::pair<QString, QString>> RefundQueueRepository::markDone(Tx &tx,
                                                                           const QString &intentId,
                                                                           const QString &refundId)
{
    const auto result = exec(tx, kRefundDone, str(intentId), str(refundId));
    if (result.empty())
        return std::nullopt;
    return std::make_pair(qstr(result[0][0]), qstr(result[0][1]));
}

std::optional<std::pair<QString, QString>> RefundQueueRepository::markDoneById(
    Tx &tx, const QString &id, const QString &refundId)
{
    const auto result = exec(tx, kRefundDoneById, str(id), str(refundId));
    if (result.empty())
        return std::nullopt;
    return std::make_pair(qstr(result[0][0]), qstr(result[0][1]));
}

void RefundQueueRepository::recordError(Tx &tx,
                                        const QString &id,
                                        const QString &error,
                                        bool permanent)
{
    exec(tx, kRefundError, str(id), str(error), permanent);
}

int RefundQueueRepository::pendingCount(Tx &tx)
{
    return exec(tx, kPendingRefunds)[0][0].as<int>();
}

} // namespace boxoffice::server::db
