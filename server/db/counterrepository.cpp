// SPDX-License-Identifier: GPL-3.0-or-later
#include "counterrepository.h"

#include "rowreaders.h"
#include "statement.h"

namespace boxoffice::server::db {

namespace {

// Each branch can use an index (order id, ticket id, ticket code) or is a small scan (users);
// the owner match is a scan of orders by owner, newest first.
const Statement kSearch{
    "counter_search_orders",
    "SELECT id FROM ("
    " SELECT o.id, o.created_at FROM orders o WHERE o.id = $2::uuid"
    " UNION SELECT o.id, o.created_at FROM tickets t JOIN orders o ON o.id = t.order_id"
    "   WHERE t.code = $1 OR t.id = $2::uuid"
    " UNION SELECT o.id, o.created_at FROM orders o JOIN users u ON u.username = o.owner"
    "   WHERE length($1) >= 3 AND (u.email ILIKE $3 OR u.name ILIKE $3 OR u.username ILIKE $3)"
    " UNION SELECT o.id, o.created_at FROM orders o WHERE length($1) >= 3 AND o.owner ILIKE $3"
    ") m ORDER BY created_at DESC LIMIT $4"};
const Statement
    kContext{"counter_order_context",
             "SELECT o.owner, u.email, u.name, e.id::text, e.title,"
             " to_char(e.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'),"
             " v.time_zone, v.name"
             " FROM orders o JOIN events e ON e.id = o.event_id JOIN venues v ON v.id = e.venue_id"
             " LEFT JOIN users u ON u.username = o.owner WHERE o.id = $1::uuid"};
const Statement kLockSeat{
    "counter_lock_seat",
    "SELECT CASE WHEN i.status = 'held' AND i.expires_at < now() THEN 'available'"
    " ELSE i.status END, i.category, coalesce(p.price_cents, 0) FROM inventory i"
    " LEFT JOIN price_categories p ON p.event_id = i.event_id AND p.category_id = i.category"
    " WHERE i.event_id = $1::uuid AND i.seat_id = $2 FOR UPDATE OF i"};
// A hold past its time has lost the seat (expiry is logical): its hold can no longer order it,
// because fulfilment checks the seat still carries that hold. The seat then carries the hold of
// the order it now belongs to, like every sold seat.
const Statement kTakeFree{
    "counter_take_free_seat",
    "UPDATE inventory SET status = 'sold', hold_id = $4::uuid, owner = $3, expires_at = NULL,"
    " version = version + 1 WHERE event_id = $1::uuid AND seat_id = $2"
    " AND (status = 'available' OR (status = 'held' AND expires_at < now())) RETURNING 1"};
const Statement kLockGa{
    "counter_lock_ga_target",
    "SELECT g.capacity, g.held, g.sold, coalesce(p.price_cents, 0) FROM ga_zones g"
    " LEFT JOIN price_categories p ON p.event_id = g.event_id AND p.category_id = g.category"
    " WHERE g.event_id = $1::uuid AND g.ga_id = $2 FOR UPDATE OF g"};
// The table's CHECK (held + sold <= capacity) would refuse too: the database decides.
const Statement kSellFreeGa{"counter_sell_free_ga",
                            "UPDATE ga_zones SET sold = sold + 1 WHERE event_id = $1::uuid"
                            " AND ga_id = $2 AND held + sold + 1 <= capacity RETURNING 1"};
const Statement kUsedAt{"counter_ticket_used_at",
                        "SELECT used_at::text, status FROM tickets WHERE id = $1::uuid"};
// Read by the orders trigger (transaction_log_orders.sql) for the exchange_difference row;
// local to the transaction.
const Statement kDifferenceMethod{"counter_difference_method",
                                  "SELECT set_config('boxoffice.difference_method', $1, true)"};
const Statement kAdjust{"counter_adjust_amount",
                        "UPDATE orders SET amount_cents = amount_cents + $2, updated_at = now()"
                        " WHERE id = $1::uuid"};
const Statement kSeatPrice{
    "counter_seat_price",
    "SELECT coalesce(p.price_cents, 0) FROM inventory i"
    " LEFT JOIN price_categories p ON p.event_id = i.event_id AND p.category_id = i.category"
    " WHERE i.event_id = $1::uuid AND i.seat_id = $2"};
const Statement kInsertPart{"counter_insert_part",
                            "INSERT INTO order_payment_parts (order_id, method, amount_cents,"
                            " tendered_cents, reference) VALUES ($1::uuid, $2, $3, $4::bigint,"
                            " NULLIF($5, ''))"};
const Statement kLockParts{"counter_lock_parts",
                           "SELECT id, method, amount_cents, refunded_cents FROM"
                           " order_payment_parts WHERE order_id = $1::uuid ORDER BY id FOR UPDATE"};
const Statement kPartRefunded{"counter_part_refunded",
                              "UPDATE order_payment_parts SET refunded_cents = refunded_cents + $2"
                              " WHERE id = $1"};

// No conflict target: either partial unique index (one per clerk, one per drawer) refuses.
const Statement kOpenAt{"counter_shift_open_at",
                        "INSERT INTO shifts (clerk, float_cents, drawer)"
                        " VALUES ($1, $2, NULLIF($3, '')) ON CONFLICT DO NOTHING"
                        " RETURNING " SHIFT_COLUMNS};
const Statement kOpenAtDrawer{"counter_shift_at_drawer",
                              "SELECT " SHIFT_COLUMNS " FROM shifts WHERE drawer = $1"
                              " AND status = 'open'"};
const Statement kDrawerOf{"counter_drawer_of",
                          "SELECT coalesce(drawer, '') FROM shifts WHERE id = $1::uuid"};

std::optional<std::string> optionalUuid(const std::optional<QString> &uuid)
{
    if (!uuid)
        return std::nullopt;
    return str(*uuid);
}

QString likePattern(const QString &text)
{
    QString escaped = text;
    escaped.replace(u'\\', QStringLiteral("\\\\"))
        .replace(u'%', QStringLiteral("\\%"))
        .replace(u'_', QStringLiteral("\\_"));
    return u'%' + escaped + u'%';
}

} // namespace

QStringList CounterRepository::searchOrders(Tx &tx,
                                            const QString &query,
                                            const std::optional<QString> &uuid,
                                            int limit)
{
    QStringList out;
    for (const auto &row :
         exec(tx, kSearch, str(query), optionalUuid(uuid), str(likePattern(query)), limit))
        out.append(qstr(row[0]));
    return out;
}

std::optional<OrderContext> CounterRepository::orderContext(Tx &tx, const QString &orderId)
{
    const auto result = exec(tx, kContext, str(orderId));
    if (result.empty())
        return std::nullopt;
    const auto &row = result[0];
    auto optional = [](const pqxx::field &field) {
        return field.is_null() ? std::nullopt : std::optional<QString>(qstr(field));
    };
    return OrderContext{qstr(row[0]),
                        optional(row[1]),
                        optional(row[2]),
                        qstr(row[3]),
                        qstr(row[4]),
                        qstr(row[5]),
                        qstr(row[6]),
                        qstr(row[7])};
}

std::optional<SeatState> CounterRepository::lockSeat(Tx &tx,
                                                     const QString &eventId,
                                                     const QString &seatId)
{
    const auto result = exec(tx, kLockSeat, str(eventId), str(seatId));
    if (result.empty())
        return std::nullopt;
    return SeatState{qstr(result[0][0]), qstr(result[0][1]), result[0][2].as<qint64>()};
}

bool CounterRepository::takeFreeSeat(Tx &tx,
                                     const QString &eventId,
                                     const QString &seatId,
                                     const QString &owner,
                                     const QString &holdId)
{
    return !exec(tx, kTakeFree, str(eventId), str(seatId), str(owner), str(holdId)).empty();
}

std::optional<QString> CounterRepository::usedAt(Tx &tx, const QString &ticketId)
{
    const auto result = exec(tx, kUsedAt, str(ticketId));
    if (result.empty())
        return std::nullopt;
    if (!result[0][0].is_null())
        return qstr(result[0][0]);
    if (qstr(result[0][1]) == u"used")
        return QStringLiteral("used");
    return std::nullopt;
}

std::optional<GaTarget> CounterRepository::lockGaTarget(Tx &tx,
                                                        const QString &eventId,
                                                        const QString &gaId)
{
    const auto result = exec(tx, kLockGa, str(eventId), str(gaId));
    if (result.empty())
        return std::nullopt;
    const auto &row = result[0];
    return GaTarget{row[0].as<int>(), row[1].as<int>(), row[2].as<int>(), row[3].as<qint64>()};
}

bool CounterRepository::sellFreeGaPlace(Tx &tx, const QString &eventId, const QString &gaId)
{
    return !exec(tx, kSellFreeGa, str(eventId), str(gaId)).empty();
}

void CounterRepository::adjustAmount(Tx &tx,
                                     const QString &orderId,
                                     qint64 deltaCents,
                                     const QString &method)
{
    exec(tx, kDifferenceMethod, str(method));
    exec(tx, kAdjust, str(orderId), deltaCents);
    exec(tx, kDifferenceMethod, std::string()); // no later change of the transaction inherits it
}

qint64 CounterRepository::seatPrice(Tx &tx, const QString &eventId, const QString &seatId)
{
    const auto result = exec(tx, kSeatPrice, str(eventId), str(seatId));
    return result.empty() ? 0 : result[0][0].as<qint64>();
}

void CounterRepository::insertPart(Tx &tx,
                                   const QString &orderId,
                                   const QString &method,
                                   qint64 amountCents,
                                   qint64 tenderedCents,
                                   const QString &reference)
{
    exec(tx,
         kInsertPart,
         str(orderId),
         str(method),
         amountCents,
         method == u"cash" ? std::optional<qint64>(tenderedCents) : std::nullopt,
         str(reference));
}

QList<PaymentPartRow> CounterRepository::lockParts(Tx &tx, const QString &orderId)
{
    QList<PaymentPartRow> out;
    for (const auto &row : exec(tx, kLockParts, str(orderId)))
        out.append({row[0].as<qint64>(), qstr(row[1]), row[2].as<qint64>(), row[3].as<qint64>()});
    return out;
}

void CounterRepository::addPartRefunded(Tx &tx, qint64 partId, qint64 cents)
{
    exec(tx, kPartRefunded, partId, cents);
}

std::optional<ShiftRow> CounterRepository::openShiftAt(Tx &tx,
                                                       const QString &clerk,
                                                       qint64 floatCents,
                                                       const QString &drawer)
{
    return firstShift(exec(tx, kOpenAt, str(clerk), floatCents, str(drawer)));
}

std::optional<ShiftRow> CounterRepository::openShiftAtDrawer(Tx &tx, const QString &drawer)
{
    return firstShift(exec(tx, kOpenAtDrawer, str(drawer)));
}

QString CounterRepository::drawerOf(Tx &tx, const QString &shiftId)
{
    const auto result = exec(tx, kDrawerOf, str(shiftId));
    return result.empty() ? QString() : qstr(result[0][0]);
}

} // namespace boxoffice::server::db
