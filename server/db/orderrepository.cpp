#include "orderrepository.h"

#include "statement.h"

namespace boxoffice::server::db {

namespace {

const Statement
    kPrice{"order_price",
           "SELECT coalesce((SELECT sum(p.price_cents) FROM inventory i JOIN price_categories p"
           "   ON p.event_id = i.event_id AND p.category_id = i.category"
           "   WHERE i.event_id = $1::uuid AND i.seat_id = ANY($2::text[])), 0)"
           " + coalesce((SELECT p.price_cents * $4::int FROM ga_zones g JOIN price_categories p"
           "   ON p.event_id = g.event_id AND p.category_id = g.category"
           "   WHERE g.event_id = $1::uuid AND g.ga_id = $3), 0),"
           " (SELECT currency FROM events WHERE id = $1::uuid)"};
const Statement kInsertOrder{
    "order_insert",
    "INSERT INTO orders (hold_id, event_id, owner, amount_cents, currency, channel,"
    " payment_method, clerk, shift_id, tendered_cents, change_cents, reference)"
    " VALUES ($1::uuid, $2::uuid, $3, $4, $5, $6, $7, NULLIF($8, ''), NULLIF($9, '')::uuid,"
    " $10::bigint, $11::bigint, NULLIF($12, ''))"
    " ON CONFLICT (hold_id) DO NOTHING RETURNING id"};
const Statement kOrderForHold{"order_for_hold", "SELECT id FROM orders WHERE hold_id = $1::uuid"};
const Statement kLockOrder{"order_lock", "SELECT 1 FROM orders WHERE id = $1::uuid FOR UPDATE"};
const Statement kLoadOrder{
    "order_load",
    "SELECT o.id, o.hold_id, o.event_id, o.owner, o.status, o.amount_cents, o.currency,"
    " o.channel, o.payment_method, o.change_cents, o.created_at, o.shift_id,"
    " a.id, a.provider, a.intent_id, a.client_secret, a.status, a.idempotency_key,"
    " a.amount_cents, a.currency, a.refunded_cents, o.refunded_cents"
    " FROM orders o LEFT JOIN LATERAL (SELECT * FROM payment_attempts WHERE order_id = o.id"
    "   ORDER BY created_at DESC, id LIMIT 1) a ON true WHERE o.id = $1::uuid"};
// With each ticket's price (its seat's category or GA zone's), so a clerk sees what a partial
// refund gives back.
const Statement kTickets{
    "order_tickets",
    "SELECT t.id, t.event_id, t.seat_id, t.ga_id, t.code, t.status,"
    " coalesce(ps.price_cents, pg.price_cents, 0) FROM tickets t"
    " LEFT JOIN inventory i ON i.event_id = t.event_id AND i.seat_id = t.seat_id"
    " LEFT JOIN price_categories ps ON ps.event_id = i.event_id AND ps.category_id = i.category"
    " LEFT JOIN ga_zones g ON g.event_id = t.event_id AND g.ga_id = t.ga_id"
    " LEFT JOIN price_categories pg ON pg.event_id = g.event_id AND pg.category_id = g.category"
    " WHERE t.order_id = $1::uuid ORDER BY t.status DESC, t.seat_id, t.created_at"};
const Statement kOrdersOf{"orders_of",
                          "SELECT id FROM orders WHERE owner = $1 ORDER BY created_at DESC"
                          " LIMIT $2"};
// Every status change writes its `order.<status>` outbox row in the same statement, so no
// caller can forget it (the relay notifies `orders` and the owner's sessions get the order).
const Statement kSetOrderStatus{
    "order_set_status",
    "WITH u AS (UPDATE orders SET status = $2, status_reason = $3, updated_at = now()"
    " WHERE id = $1::uuid RETURNING id, event_id, owner, status)"
    " INSERT INTO outbox (event_id, kind, payload) SELECT event_id, 'order.' || status,"
    " jsonb_build_object('order_id', id, 'owner', owner) FROM u"};
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
// Never shortens, never past the hold's lifetime cap (created_at + $3 s; 0: no cap): a fan who
// keeps starting payments cannot keep seats forever.
const Statement
    kExtendHold{"hold_extend",
                "WITH h AS (UPDATE holds SET expires_at = greatest(expires_at,"
                "   least(now() + make_interval(secs => $2), CASE WHEN $3 > 0 THEN created_at"
                "   + make_interval(secs => $3) ELSE 'infinity' END))"
                "   WHERE id = $1::uuid AND status = 'active'"
                "   RETURNING id, event_id, seats, expires_at)"
                " UPDATE inventory i SET expires_at = h.expires_at FROM h"
                " WHERE i.event_id = h.event_id AND i.seat_id = ANY(h.seats) AND i.hold_id = h.id"
                "   AND i.status = 'held'"};
const Statement kAttemptCount{"attempt_count",
                              "SELECT count(*) FROM payment_attempts WHERE order_id = $1::uuid"};
const Statement kHoldLifetimeOver{"hold_lifetime_over",
                                  "SELECT now() >= created_at + make_interval(secs => $2)"
                                  " FROM holds WHERE id = $1::uuid"};
const Statement kInsertEvent{"payment_event_insert",
                             "INSERT INTO payment_events (provider_event_id, type, intent_id,"
                             " payload) VALUES ($1, $2, NULLIF($3, ''), $4::jsonb)"
                             " ON CONFLICT DO NOTHING RETURNING 1"};
const Statement kEventOutcome{"payment_event_outcome",
                              "UPDATE payment_events SET outcome = $2, processed_at = now()"
                              " WHERE provider_event_id = $1"};
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
const Statement kInsertTicket{"ticket_insert",
                              "INSERT INTO tickets (id, order_id, event_id, seat_id, ga_id, code)"
                              " VALUES ($1::uuid, $2::uuid, $3::uuid, NULLIF($4, ''),"
                              " NULLIF($5, ''), $6)"};
const Statement kVoidTickets{"tickets_void",
                             "UPDATE tickets SET status = 'void' WHERE order_id = $1::uuid"
                             " AND status = 'valid'"
                             " RETURNING id, event_id, seat_id, ga_id, code, status"};
const Statement kFreeSold{"seats_free_sold",
                          "UPDATE inventory SET status = 'available', hold_id = NULL,"
                          " owner = NULL, expires_at = NULL, version = version + 1"
                          " WHERE event_id = $1::uuid AND seat_id = ANY($2::text[])"
                          " AND status = 'sold'"};
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
const Statement kAddOrderRefunded{"order_add_refunded",
                                  "UPDATE orders SET refunded_cents = refunded_cents + $2,"
                                  " updated_at = now() WHERE id = $1::uuid"};
const Statement kRefundError{"refund_error",
                             "UPDATE compensations SET last_error = $2, updated_at = now(),"
                             " status = CASE WHEN $3 THEN 'failed' ELSE status END"
                             " WHERE id = $1::uuid"};
const Statement kPendingRefunds{"refunds_pending",
                                "SELECT count(*) FROM compensations WHERE status = 'pending'"};
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

Ticket ticketFromRow(const pqxx::row &row)
{
    return Ticket{qstr(row[0]),
                  qstr(row[1]),
                  qstr(row[2]),
                  qstr(row[3]),
                  qstr(row[4]),
                  qstr(row[5]),
                  std::nullopt};
}

std::optional<qint64> optionalCents(std::optional<qint64> value)
{
    return value;
}

} // namespace

std::pair<qint64, QString> OrderRepository::price(
    Tx &tx, const QString &eventId, const QStringList &seats, const QString &gaId, int gaQuantity)
{
    const auto row = exec(tx, kPrice, str(eventId), textArray(seats), str(gaId), gaQuantity)[0];
    return {row[0].as<qint64>(), qstr(row[1])};
}

QString OrderRepository::insertOrder(Tx &tx, const NewOrder &o)
{
    const auto result = exec(tx,
                             kInsertOrder,
                             str(o.holdId),
                             str(o.eventId),
                             str(o.owner),
                             o.amountCents,
                             str(o.currency),
                             str(o.channel),
                             str(o.paymentMethod),
                             str(o.clerk),
                             str(o.shiftId),
                             optionalCents(o.tenderedCents),
                             optionalCents(o.changeCents),
                             str(o.reference));
    return result.empty() ? QString() : qstr(result[0][0]);
}

QString OrderRepository::orderIdForHold(Tx &tx, const QString &holdId)
{
    const auto result = exec(tx, kOrderForHold, str(holdId));
    return result.empty() ? QString() : qstr(result[0][0]);
}

std::optional<Order> OrderRepository::load(Tx &tx, const QString &orderId, bool lock)
{
    if (lock && exec(tx, kLockOrder, str(orderId)).empty())
        return std::nullopt;
    const auto result = exec(tx, kLoadOrder, str(orderId));
    if (result.empty())
        return std::nullopt;
    const auto &row = result[0];
    Order order;
    order.id = qstr(row[0]);
    order.holdId = qstr(row[1]);
    order.eventId = qstr(row[2]);
    order.owner = qstr(row[3]);
    order.status = qstr(row[4]);
    order.amountCents = row[5].as<qint64>();
    order.currency = qstr(row[6]);
    order.channel = qstr(row[7]);
    order.paymentMethod = qstr(row[8]);
    if (!row[9].is_null())
        order.changeCents = row[9].as<qint64>();
    order.createdAt = QDateTime::fromString(qstr(row[10]).replace(u' ', u'T'), Qt::ISODateWithMs);
    order.shiftId = qstr(row[11]);
    if (!row[12].is_null()) {
        PaymentAttempt a;
        a.id = qstr(row[12]);
        a.orderId = order.id;
        a.provider = qstr(row[13]);
        a.intentId = qstr(row[14]);
        a.clientSecret = qstr(row[15]);
        a.status = qstr(row[16]);
        a.idempotencyKey = qstr(row[17]);
        a.amountCents = row[18].as<qint64>();
        a.currency = qstr(row[19]);
        a.refundedCents = row[20].as<qint64>();
        order.attempt = a;
    }
    order.refundedCents = row[21].as<qint64>();
    for (const auto &ticketRow : exec(tx, kTickets, str(orderId))) {
        Ticket ticket = ticketFromRow(ticketRow);
        ticket.priceCents = ticketRow[6].as<qint64>();
        order.tickets.append(ticket);
    }
    return order;
}

QStringList OrderRepository::orderIdsOf(Tx &tx, const QString &owner, int limit)
{
    QStringList ids;
    for (const auto &row : exec(tx, kOrdersOf, str(owner), limit))
        ids.append(qstr(row[0]));
    return ids;
}

void OrderRepository::setOrderStatus(Tx &tx,
                                     const QString &orderId,
                                     const QString &status,
                                     const QString &reason)
{
    exec(tx, kSetOrderStatus, str(orderId), str(status), str(reason));
}

PaymentAttempt OrderRepository::insertAttempt(Tx &tx,
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

std::optional<PaymentAttempt> OrderRepository::attemptByIntent(Tx &tx, const QString &intentId)
{
    const auto result = exec(tx, kAttemptByIntent, str(intentId));
    if (result.empty())
        return std::nullopt;
    return attemptFromRow(result[0]);
}

std::optional<PaymentAttempt> OrderRepository::attemptById(Tx &tx, const QString &attemptId)
{
    const auto result = exec(tx, kAttemptById, str(attemptId));
    if (result.empty())
        return std::nullopt;
    return attemptFromRow(result[0]);
}

bool OrderRepository::hasOpenAttempt(Tx &tx, const QString &orderId)
{
    return !exec(tx, kOpenAttempt, str(orderId)).empty();
}

void OrderRepository::setAttemptIntent(Tx &tx,
                                       const QString &attemptId,
                                       const QString &intentId,
                                       const QString &clientSecret)
{
    exec(tx, kSetIntent, str(attemptId), str(intentId), str(clientSecret));
}

void OrderRepository::setAttemptStatus(Tx &tx,
                                       const QString &attemptId,
                                       const QString &status,
                                       const QString &error)
{
    exec(tx, kSetAttemptStatus, str(attemptId), str(status), str(error));
}

void OrderRepository::addAttemptRefunded(Tx &tx, const QString &attemptId, qint64 cents)
{
    exec(tx, kAddRefunded, str(attemptId), cents);
}

void OrderRepository::extendHold(Tx &tx, const QString &holdId, int seconds, int maxLifetime)
{
    exec(tx, kExtendHold, str(holdId), seconds, maxLifetime);
}

int OrderRepository::attemptCount(Tx &tx, const QString &orderId)
{
    return exec(tx, kAttemptCount, str(orderId))[0][0].as<int>();
}

bool OrderRepository::holdLifetimeOver(Tx &tx, const QString &holdId, int maxLifetime)
{
    const auto result = exec(tx, kHoldLifetimeOver, str(holdId), maxLifetime);
    return result.empty() || result[0][0].as<bool>();
}

bool OrderRepository::insertProviderEvent(Tx &tx,
                                          const QString &eventId,
                                          const QString &type,
                                          const QString &intentId,
                                          const QByteArray &payload)
{
    return !exec(tx, kInsertEvent, str(eventId), str(type), str(intentId), payload.toStdString())
                .empty();
}

void OrderRepository::setProviderEventOutcome(Tx &tx, const QString &eventId, const QString &outcome)
{
    exec(tx, kEventOutcome, str(eventId), str(outcome));
}

QStringList OrderRepository::lockHeldSeats(Tx &tx,
                                           const QString &eventId,
                                           const QString &holdId,
                                           const QStringList &seats)
{
    QStringList out;
    for (const auto &row : exec(tx, kLockHeldSeats, str(eventId), str(holdId), textArray(seats)))
        out.append(qstr(row[0]));
    return out;
}

void OrderRepository::sellSeats(Tx &tx,
                                const QString &eventId,
                                const QString &holdId,
                                const QStringList &seats)
{
    exec(tx, kSellSeats, str(eventId), str(holdId), textArray(seats));
}

void OrderRepository::sellGa(Tx &tx, const QString &eventId, const QString &gaId, int quantity)
{
    exec(tx, kSellGa, str(eventId), str(gaId), quantity);
}

void OrderRepository::unsellGa(Tx &tx, const QString &eventId, const QString &gaId, int quantity)
{
    exec(tx, kUnsellGa, str(eventId), str(gaId), quantity);
}

void OrderRepository::insertTicket(Tx &tx,
                                   const QString &ticketId,
                                   const QString &orderId,
                                   const QString &eventId,
                                   const QString &seatId,
                                   const QString &gaId,
                                   const QString &code)
{
    exec(tx,
         kInsertTicket,
         str(ticketId),
         str(orderId),
         str(eventId),
         str(seatId),
         str(gaId),
         str(code));
}

QList<Ticket> OrderRepository::voidTickets(Tx &tx, const QString &orderId)
{
    QList<Ticket> out;
    for (const auto &row : exec(tx, kVoidTickets, str(orderId)))
        out.append(ticketFromRow(row));
    return out;
}

void OrderRepository::freeSoldSeats(Tx &tx, const QString &eventId, const QStringList &seats)
{
    exec(tx, kFreeSold, str(eventId), textArray(seats));
}

bool OrderRepository::insertRefundDue(Tx &tx,
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

QList<DueRefund> OrderRepository::claimDueRefunds(Tx &tx, int limit)
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

std::optional<std::pair<QString, QString>> OrderRepository::refundDone(Tx &tx,
                                                                       const QString &intentId,
                                                                       const QString &refundId)
{
    const auto result = exec(tx, kRefundDone, str(intentId), str(refundId));
    if (result.empty())
        return std::nullopt;
    return std::make_pair(qstr(result[0][0]), qstr(result[0][1]));
}

std::optional<std::pair<QString, QString>> OrderRepository::refundDoneById(Tx &tx,
                                                                           const QString &id,
                                                                           const QString &refundId)
{
    const auto result = exec(tx, kRefundDoneById, str(id), str(refundId));
    if (result.empty())
        return std::nullopt;
    return std::make_pair(qstr(result[0][0]), qstr(result[0][1]));
}

void OrderRepository::addOrderRefunded(Tx &tx, const QString &orderId, qint64 cents)
{
    exec(tx, kAddOrderRefunded, str(orderId), cents);
}

void OrderRepository::refundError(Tx &tx, const QString &id, const QString &error, bool permanent)
{
    exec(tx, kRefundError, str(id), str(error), permanent);
}

int OrderRepository::pendingRefunds(Tx &tx)
{
    return exec(tx, kPendingRefunds)[0][0].as<int>();
}

QList<AttemptToReconcile> OrderRepository::claimUncertain(Tx &tx,
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
