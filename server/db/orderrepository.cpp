// SPDX-License-Identifier: GPL-3.0-or-later
#include "orderrepository.h"

#include "holdrepository.h"
#include "pricingrepository.h"
#include "statement.h"
#include "ticketsalerepository.h"

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
    " payment_method, clerk, shift_id, tendered_cents, change_cents, reference, fee_cents,"
    " tax_cents, kept_cents, kept_tax_cents, voucher)"
    " VALUES ($1::uuid, $2::uuid, $3, $4, $5, $6, $7, NULLIF($8, ''), NULLIF($9, '')::uuid,"
    " $10::bigint, $11::bigint, NULLIF($12, ''), $13, $14, $15, $16, lower(NULLIF($17, '')))"
    " ON CONFLICT (hold_id) DO NOTHING RETURNING id"};
const Statement kOrderForHold{"order_for_hold", "SELECT id FROM orders WHERE hold_id = $1::uuid"};
const Statement kLockOrder{"order_lock", "SELECT 1 FROM orders WHERE id = $1::uuid FOR UPDATE"};
const Statement kLoadOrder{
    "order_load",
    "SELECT o.id, o.hold_id, o.event_id, o.owner, o.status, o.amount_cents, o.currency,"
    " o.channel, o.payment_method, o.change_cents, o.created_at, o.shift_id,"
    " a.id, a.provider, a.intent_id, a.client_secret, a.status, a.idempotency_key,"
    " a.amount_cents, a.currency, a.refunded_cents, o.refunded_cents, o.fee_cents,"
    " o.tax_cents, o.kept_cents, o.kept_tax_cents, o.refunded_tax_cents"
    " FROM orders o LEFT JOIN LATERAL (SELECT * FROM payment_attempts WHERE order_id = o.id"
    "   ORDER BY created_at DESC, id LIMIT 1) a ON true WHERE o.id = $1::uuid"};
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
const Statement kAddOrderRefunded{"order_add_refunded",
                                  "UPDATE orders SET refunded_cents = refunded_cents + $2,"
                                  " refunded_tax_cents = refunded_tax_cents + $3,"
                                  " updated_at = now() WHERE id = $1::uuid"};
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
const Statement kHoldLifetimeOver{"hold_lifetime_over",
                                  "SELECT now() >= created_at + make_interval(secs => $2)"
                                  " FROM holds WHERE id = $1::uuid"};

std::optional<qint64> optionalCents(std::optional<qint64> value)
{
    return value;
}

} // namespace

NewOrder OrderRepository::pricedOrder(Tx &tx, const Hold &hold, const QString &owner)
{
    const auto row = exec(tx,
                          kPrice,
                          str(hold.eventId),
                          textArray(hold.seats),
                          str(hold.gaId),
                          hold.gaQuantity)[0];
    NewOrder order;
    order.holdId = hold.id;
    order.eventId = hold.eventId;
    order.owner = owner;
    order.amountCents = row[0].as<qint64>();
    order.currency = qstr(row[1]);
    return order;
}

QString OrderRepository::insertOrder(Tx &tx, const NewOrder &o)
{
    pqxx::result result;
    try {
        result = exec(tx,
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
                      str(o.reference),
                      o.feeCents,
                      o.taxCents,
                      o.keptCents,
                      o.keptTaxCents,
                      str(o.voucher));
    } catch (const pqxx::sql_error &error) {
        // The orders trigger of migration 0091: the event was cancelled.
        if (error.sqlstate() == "BX003")
            throw SaleRefused(HoldOutcome::EventCancelled);
        throw;
    }
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
    order.feeCents = row[22].as<qint64>();
    order.taxCents = row[23].as<qint64>();
    order.keptCents = row[24].as<qint64>();
    order.keptTaxCents = row[25].as<qint64>();
    order.refundedTaxCents = row[26].as<qint64>();
    order.tickets = TicketSaleRepository::ticketsOf(tx, orderId);
    order.lines = PricingRepository::lines(tx, orderId);
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

void OrderRepository::addOrderRefunded(Tx &tx, const QString &orderId, qint64 cents, qint64 taxCents)
{
    exec(tx, kAddOrderRefunded, str(orderId), cents, taxCents);
}

void OrderRepository::extendHold(Tx &tx, const QString &holdId, int seconds, int maxLifetime)
{
    exec(tx, kExtendHold, str(holdId), seconds, maxLifetime);
}

bool OrderRepository::holdLifetimeOver(Tx &tx, const QString &holdId, int maxLifetime)
{
    const auto result = exec(tx, kHoldLifetimeOver, str(holdId), maxLifetime);
    return result.empty() || result[0][0].as<bool>();
}

} // namespace boxoffice::server::db
