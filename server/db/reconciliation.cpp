// SPDX-License-Identifier: GPL-3.0-or-later
#include "reconciliation.h"

#include "statement.h"

#include <iterator>
#include <tuple>

namespace boxoffice::server::db {

namespace {

const Statement kTitle{"reconcile_event", "SELECT title FROM events WHERE id = $1::uuid"};
const Statement kCounted{"reconcile_counted",
                         "SELECT (SELECT count(*) FROM orders WHERE event_id = $1::uuid),"
                         " (SELECT count(*) FROM tickets WHERE event_id = $1::uuid)"};

// Per order: what was sold (an order was sold when it has tickets), captured (successful
// attempts less the compensations that send their money back) and what the log says.
#define ORDER_FIGURES \
    "WITH f AS (SELECT o.id, o.status, o.amount_cents, o.refunded_cents," \
    " EXISTS (SELECT 1 FROM tickets t WHERE t.order_id = o.id) AS sold," \
    " (SELECT coalesce(sum(a.amount_cents), 0) FROM payment_attempts a" \
    "   WHERE a.order_id = o.id AND a.status = 'succeeded') AS captured," \
    " (SELECT coalesce(sum(c.amount_cents), 0) FROM compensations c" \
    "   WHERE c.order_id = o.id AND c.kind = 'compensation' AND c.intent_id IN" \
    "   (SELECT a.intent_id FROM payment_attempts a WHERE a.order_id = o.id" \
    "    AND a.status = 'succeeded')) AS compensated," \
    " (SELECT count(*) FROM compensations c WHERE c.order_id = o.id" \
    "   AND c.kind = 'compensation') AS compensations," \
    " l.sales, l.differences, l.refunds, l.captures, l.compensation_rows, l.issues, l.voids," \
    " (SELECT count(*) FROM tickets t WHERE t.order_id = o.id) AS tickets," \
    " (SELECT count(*) FROM tickets t WHERE t.order_id = o.id AND t.status = 'void') AS void" \
    " FROM orders o LEFT JOIN LATERAL (SELECT" \
    "   coalesce(sum(amount_cents) FILTER (WHERE kind IN ('sale', 'comp')), 0) AS sales," \
    "   coalesce(sum(amount_cents) FILTER (WHERE kind = 'exchange_difference'), 0) AS " \
    "differences," \
    "   coalesce(-sum(amount_cents) FILTER (WHERE kind = 'refund'), 0) AS refunds," \
    "   coalesce(sum(amount_cents) FILTER (WHERE kind = 'capture'), 0) AS captures," \
    "   count(*) FILTER (WHERE kind = 'compensation') AS compensation_rows," \
    "   count(*) FILTER (WHERE kind = 'issue') AS issues," \
    "   count(*) FILTER (WHERE kind = 'void') AS voids" \
    "   FROM transaction_log WHERE order_id = o.id) l ON true" \
    " WHERE o.event_id = $1::uuid)"

struct Check
{
    const char *name;
    Statement statement;
};

// Each check answers (subject, detail) rows; its name says which rule they break.
const Check kChecks[] = {
    {"ticket_seat_not_sold",
     {"reconcile_ticket_seat",
      "SELECT t.id::text, 'ticket ' || t.code || ' (' || t.status || ') holds seat ' || t.seat_id"
      " || ', which is ' || coalesce(i.status, 'missing') FROM tickets t"
      " LEFT JOIN inventory i ON i.event_id = t.event_id AND i.seat_id = t.seat_id"
      " WHERE t.event_id = $1::uuid AND t.seat_id IS NOT NULL AND t.status IN ('valid', 'used')"
      " AND i.status IS DISTINCT FROM 'sold' ORDER BY t.seat_id"}},
    {"sold_seat_without_ticket",
     {"reconcile_seat_ticket",
      "SELECT i.seat_id, 'seat ' || i.seat_id || ' is sold but has no valid ticket'"
      " FROM inventory i WHERE i.event_id = $1::uuid AND i.status = 'sold' AND NOT EXISTS"
      " (SELECT 1 FROM tickets t WHERE t.event_id = i.event_id AND t.seat_id = i.seat_id"
      " AND t.status IN ('valid', 'used')) ORDER BY i.seat_id"}},
    {"ga_sold_mismatch",
     {"reconcile_ga",
      "SELECT g.ga_id, 'GA area ' || g.ga_id || ' counts ' || g.sold || ' sold, ' || count(t.id)"
      " || ' valid tickets' FROM ga_zones g LEFT JOIN tickets t ON t.event_id = g.event_id"
      " AND t.ga_id = g.ga_id AND t.status IN ('valid', 'used') WHERE g.event_id = $1::uuid"
      " GROUP BY g.ga_id, g.sold HAVING g.sold <> count(t.id) ORDER BY g.ga_id"}},
    {"ticket_order_not_paid",
     {"reconcile_ticket_order",
      "SELECT t.id::text, 'ticket ' || t.code || ' is ' || t.status || ' but its order '"
      " || o.id || ' is ' || o.status FROM tickets t JOIN orders o ON o.id = t.order_id"
      " WHERE t.event_id = $1::uuid AND t.status IN ('valid', 'used') AND o.status <> 'paid'"
      " ORDER BY t.id"}},
    {"payment_mismatch",
     {"reconcile_payment",
      ORDER_FIGURES " SELECT id::text, CASE WHEN sold THEN 'captured ' || (captured - compensated)"
                    " || ' + exchange differences ' || differences || ' <> amount ' || amount_cents"
                    " ELSE 'not sold (' || status || ') but ' || (captured - compensated)"
                    " || ' captured and not compensated' END FROM f"
                    " WHERE captured - compensated + CASE WHEN sold THEN differences ELSE 0 END"
                    " <> CASE WHEN sold THEN amount_cents ELSE 0 END ORDER BY id"}},
    {"log_sales",
     {"reconcile_log_sales",
      ORDER_FIGURES " SELECT id::text, 'log sales ' || sales || ' + differences ' || differences"
                    " || ' <> order amount ' || CASE WHEN sold THEN amount_cents ELSE 0 END"
                    " FROM f WHERE sales + differences"
                    " <> CASE WHEN sold THEN amount_cents ELSE 0 END ORDER BY id"}},
    {"log_refunds",
     {"reconcile_log_refunds",
      ORDER_FIGURES " SELECT id::text, 'log refunds ' || refunds || ' <> order refunded '"
                    " || refunded_cents FROM f WHERE refunds <> refunded_cents ORDER BY id"}},
    {"log_captures",
     {"reconcile_log_captures",
      ORDER_FIGURES " SELECT id::text, 'log captures ' || captures || ' <> successful payments '"
                    " || captured FROM f WHERE captures <> captured ORDER BY id"}},
    {"log_compensations",
     {"reconcile_log_compensations",
      ORDER_FIGURES " SELECT id::text, 'log compensations ' || compensation_rows"
                    " || ' <> compensations ' || compensations FROM f"
                    " WHERE compensation_rows <> compensations ORDER BY id"}},
    {"log_tickets",
     {"reconcile_log_tickets",
      ORDER_FIGURES " SELECT id::text, 'log issued ' || issues || ', voided ' || voids"
                    " || ' <> tickets ' || tickets || ', void ' || void FROM f"
                    " WHERE issues <> tickets OR voids <> void ORDER BY id"}},
    {"compensation_not_refunded",
     {"reconcile_compensations",
      "SELECT c.id::text, c.kind || ' of ' || c.amount_cents || ' for order ' || c.order_id"
      " || ' is ' || c.status || ' after ' || c.attempts || ' attempts'"
      " || CASE WHEN c.last_error <> '' THEN ': ' || c.last_error ELSE '' END"
      " FROM compensations c JOIN orders o ON o.id = c.order_id WHERE o.event_id = $1::uuid"
      " AND c.status <> 'done' ORDER BY c.created_at"}},
};

} // namespace

std::optional<QString> Reconciliation::eventTitle(Tx &tx, const QString &eventId)
{
    const auto rows = exec(tx, kTitle, str(eventId));
    if (rows.empty())
        return std::nullopt;
    return qstr(rows[0][0]);
}

QList<Difference> Reconciliation::differences(Tx &tx, const QString &eventId)
{
    QList<Difference> out;
    for (const Check &check : kChecks) {
        for (const auto &row : exec(tx, check.statement, str(eventId)))
            out.append(Difference{QString::fromLatin1(check.name), qstr(row[0]), qstr(row[1])});
    }
    return out;
}

std::pair<qint64, qint64> Reconciliation::counted(Tx &tx, const QString &eventId)
{
    const auto row = exec(tx, kCounted, str(eventId))[0];
    return {row[0].as<qint64>(), row[1].as<qint64>()};
}

int Reconciliation::checkCount()
{
    return int(std::size(kChecks));
}

std::optional<ReconcileReport> Reconciliation::report(Tx &tx, const QString &eventId)
{
    const auto title = eventTitle(tx, eventId);
    if (!title)
        return std::nullopt;
    ReconcileReport out;
    out.eventId = eventId;
    out.title = *title;
    std::tie(out.orders, out.tickets) = counted(tx, eventId);
    out.checks = checkCount();
    out.differences = differences(tx, eventId);
    return out;
}

} // namespace boxoffice::server::db
