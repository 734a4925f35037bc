// SPDX-License-Identifier: GPL-3.0-or-later
#include "moneyreportrepository.h"

#include "statement.h"

namespace boxoffice::server::db {

namespace {

#define UTC_TEXT(column) "to_char(" column " AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')"

const Statement kEventZone{"report_event_zone",
                           "SELECT v.time_zone FROM events e JOIN venues v ON v.id = e.venue_id"
                           " WHERE e.id = $1::uuid"};
const Statement kVenueZone{"report_venue_zone", "SELECT time_zone FROM venues WHERE id = $1"};
// Local midnight to the next local midnight: AT TIME ZONE knows the daylight-saving changes.
const Statement kPeriod{"report_period",
                        "SELECT " UTC_TEXT("f") ", " UTC_TEXT(
                            "t") ", extract(epoch FROM t - f) / 3600 FROM (SELECT"
                                 " ($1::date)::timestamp AT TIME ZONE $2::text AS f,"
                                 " ($1::date + 1)::timestamp AT TIME ZONE $2::text AS t) d"};

// The log's rows a report covers: $1 event, $2 venue, [$3, $4) times, $5 channel, $6 actor;
// an empty parameter filters nothing.
#define SCOPE \
    "WITH s AS (SELECT l.* FROM transaction_log l WHERE" \
    " ($1::text = '' OR l.event_id = NULLIF($1::text, '')::uuid)" \
    " AND ($2::text = '' OR l.event_id IN (SELECT e.id FROM events e WHERE e.venue_id = " \
    "$2::text))" \
    " AND ($3::text = '' OR l.created_at >= NULLIF($3::text, '')::timestamptz)" \
    " AND ($4::text = '' OR l.created_at < NULLIF($4::text, '')::timestamptz)" \
    " AND ($5::text = '' OR l.channel = $5::text) AND ($6::text = '' OR l.actor = $6::text)) "
// Money the organiser's books took in (docs/transactions.md): comps bring none.
#define MONEY "kind IN ('sale', 'exchange_difference', 'refund') AND method <> 'comp'"
// Sums as bigint (sum() of bigint is numeric), so the commission divides in integers.
#define SUM(what, when) "coalesce(sum(" what ") FILTER (WHERE " when "), 0)::bigint"

// The SQL reads best a clause a line, which the macros keep clang-format from doing.
// clang-format off
const Statement kTotals{
    "report_totals",
    SCOPE "SELECT currency,"
    " " SUM("amount_cents", "kind = 'sale' AND method <> 'comp'") ","
    " " SUM("amount_cents", "kind = 'exchange_difference' AND method <> 'comp'") ","
    " " SUM("-amount_cents", "kind = 'refund' AND method <> 'comp'") ","
    " count(*) FILTER (WHERE kind = 'refund'),"
    " " SUM("amount_cents", MONEY) ","
    " " SUM("tax_cents", MONEY) ","
    " count(*) FILTER (WHERE kind = 'issue' AND method = 'comp'),"
    " " SUM("face_cents", "kind = 'issue' AND method = 'comp'") ","
    " " SUM("amount_cents", "kind = 'capture' AND method <> 'comp'") ","
    " " SUM("-amount_cents", "kind = 'compensation'") ","
    " " SUM("-amount_cents", "kind = 'payment_refund'") ","
    " " SUM("fee_cents", "kind = 'sale' AND method <> 'comp'")
    " FROM s GROUP BY currency ORDER BY currency"};
const Statement kKinds{
    "report_kinds",
    SCOPE "SELECT kind, channel, method, currency, count(*), sum(amount_cents),"
    " sum(tax_cents), sum(face_cents) FROM s GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4"};
// A ticket's category is its seat's or GA area's (as it is now).
const Statement kTickets{
    "report_tickets",
    SCOPE "SELECT coalesce(i.category, g.category, ''),"
    " coalesce(p.name, i.category, g.category, ''), s.channel, s.method = 'comp',"
    " count(*) FILTER (WHERE s.kind = 'issue'), count(*) FILTER (WHERE s.kind = 'void'),"
    " " SUM("s.face_cents", "s.kind = 'issue'") ", " SUM("s.face_cents", "s.kind = 'void'")
    " FROM s JOIN tickets t ON t.id = s.ticket_id"
    " LEFT JOIN inventory i ON i.event_id = t.event_id AND i.seat_id = t.seat_id"
    " LEFT JOIN ga_zones g ON g.event_id = t.event_id AND g.ga_id = t.ga_id"
    " LEFT JOIN price_categories p ON p.event_id = t.event_id"
    "   AND p.category_id = coalesce(i.category, g.category)"
    " WHERE s.kind IN ('issue', 'void') GROUP BY 1, 2, 3, 4 ORDER BY 1, 3, 4"};
// The capture rows carry the attempt's method and, in `note`, its provider.
const Statement kPayments{
    "report_payments",
    SCOPE "SELECT method, note, count(*), sum(amount_cents) FROM s"
    " WHERE kind = 'capture' GROUP BY 1, 2 ORDER BY 1, 2"};
// Per order: what it was sold for against what was captured less compensated (exchange
// differences settle apart from payment attempts, as reconcile's payment check has it).
const Statement kUnmatched{
    "report_unmatched",
    SCOPE "SELECT order_id::text, sold, captured, compensated FROM (SELECT order_id,"
    " " SUM("amount_cents", "kind IN ('sale', 'comp')") " AS sold,"
    " " SUM("amount_cents", "kind = 'capture'") " AS captured,"
    " " SUM("-amount_cents", "kind = 'compensation'") " AS compensated"
    " FROM s WHERE order_id IS NOT NULL GROUP BY order_id) o"
    " WHERE sold <> captured - compensated ORDER BY order_id LIMIT 1000"};

// The whole event's log; the commission rounds half a cent away from zero, in integers. The
// booking fees the venue keeps, without their tax (the taxes line has it): every fee line of a
// sold order that keeps its fees; else those not paid back (a refunded ticket's fee line, the
// order's fee line once the whole order went back).
const Statement kSettlement{
    "settlement",
    "WITH f AS (SELECT coalesce(sum(l.net_cents), 0)::bigint AS fees FROM order_lines l"
    " JOIN orders o ON o.id = l.order_id WHERE l.event_id = $1::uuid"
    " AND l.kind IN ('ticket_fee', 'order_fee') AND o.id IN (SELECT order_id FROM"
    "   transaction_log WHERE event_id = $1::uuid AND kind = 'sale' AND method <> 'comp')"
    " AND (o.kept_cents > 0 OR (l.kind = 'ticket_fee' AND NOT l.refunded)"
    "   OR (l.kind = 'order_fee' AND o.refunded_cents < o.amount_cents))),"
    " m AS (SELECT"
    " " SUM("amount_cents", "kind = 'sale' AND method <> 'comp'") " AS sales,"
    " " SUM("amount_cents", "kind = 'exchange_difference' AND method <> 'comp'") " AS exchanges,"
    " " SUM("-amount_cents", "kind = 'refund' AND method <> 'comp'") " AS refunded,"
    " " SUM("tax_cents", MONEY) " AS taxes,"
    " (SELECT fees FROM f) AS fees,"
    " count(*) FILTER (WHERE kind = 'issue' AND method <> 'comp')"
    " - count(*) FILTER (WHERE kind = 'void' AND method <> 'comp') AS tickets,"
    " count(*) FILTER (WHERE kind = 'issue' AND method = 'comp')"
    " - count(*) FILTER (WHERE kind = 'void' AND method = 'comp') AS comps"
    " FROM transaction_log WHERE event_id = $1::uuid),"
    " n AS (SELECT m.*, sales + exchanges - refunded AS gross,"
    " sales + exchanges - refunded - taxes - fees AS net FROM m)"
    " SELECT e.title, v.name, " UTC_TEXT("e.starts_at") ", v.time_zone, e.currency,"
    " e.commission_bps, n.sales, n.exchanges, n.refunded, n.gross, n.taxes, n.fees, n.net,"
    " CASE WHEN n.net < 0 THEN -1 ELSE 1 END * ((abs(n.net) * e.commission_bps + 5000) / 10000),"
    " n.tickets, n.comps, " UTC_TEXT("now()")
    " FROM events e JOIN venues v ON v.id = e.venue_id, n WHERE e.id = $1::uuid"};
// clang-format on
const Statement kSetCommission{"settlement_set_commission",
                               "UPDATE events e SET commission_bps = $2 FROM (SELECT id,"
                               " commission_bps FROM events WHERE id = $1::uuid FOR UPDATE) old"
                               " WHERE e.id = old.id RETURNING old.commission_bps"};

QDateTime utc(const pqxx::field &field)
{
    return QDateTime::fromString(qstr(field), Qt::ISODate);
}

std::string text(const QDateTime &at)
{
    return at.isValid() ? str(at.toUTC().toString(Qt::ISODate)) : std::string();
}

pqxx::result run(Tx &tx,
                 const Statement &statement,
                 const ReportScope &scope,
                 const std::optional<ReportPeriod> &period)
{
    return exec(tx,
                statement,
                str(scope.eventId),
                str(scope.venueId),
                period ? text(period->from) : std::string(),
                period ? text(period->to) : std::string(),
                str(scope.channel),
                str(scope.clerk));
}

} // namespace

std::optional<QString> MoneyReportRepository::timeZone(Tx &tx,
                                                       const QString &eventId,
                                                       const QString &venueId)
{
    const auto rows = eventId.isEmpty() ? exec(tx, kVenueZone, str(venueId))
                                        : exec(tx, kEventZone, str(eventId));
    if (rows.empty())
        return std::nullopt;
    return qstr(rows[0][0]);
}

ReportPeriod MoneyReportRepository::period(Tx &tx, const QDate &day, const QString &timeZone)
{
    const auto row = exec(tx, kPeriod, str(day.toString(Qt::ISODate)), str(timeZone))[0];
    return ReportPeriod{timeZone, utc(row[0]), utc(row[1]), row[2].as<double>()};
}

MoneyReport MoneyReportRepository::report(Tx &tx,
                                          const ReportScope &scope,
                                          const std::optional<ReportPeriod> &period)
{
    MoneyReport out;
    out.period = period;
    for (const auto &row : run(tx, kTotals, scope, period)) {
        MoneyTotals t;
        t.currency = qstr(row[0]);
        t.salesCents = row[1].as<qint64>();
        t.exchangeCents = row[2].as<qint64>();
        t.refundedCents = row[3].as<qint64>();
        t.refunds = row[4].as<qint64>();
        t.takenCents = row[5].as<qint64>();
        t.taxCents = row[6].as<qint64>();
        t.compTickets = row[7].as<qint64>();
        t.compFaceCents = row[8].as<qint64>();
        t.capturedCents = row[9].as<qint64>();
        t.compensatedCents = row[10].as<qint64>();
        t.paymentRefundedCents = row[11].as<qint64>();
        t.feeCents = row[12].as<qint64>();
        out.totals.append(t);
    }
    for (const auto &row : run(tx, kKinds, scope, period))
        out.kinds.append(KindLine{qstr(row[0]),
                                  qstr(row[1]),
                                  qstr(row[2]),
                                  qstr(row[3]),
                                  row[4].as<qint64>(),
                                  row[5].as<qint64>(),
                                  row[6].as<qint64>(),
                                  row[7].as<qint64>()});
    for (const auto &row : run(tx, kTickets, scope, period))
        out.tickets.append(TicketLine{qstr(row[0]),
                                      qstr(row[1]),
                                      qstr(row[2]),
                                      row[3].as<bool>(),
                                      row[4].as<qint64>(),
                                      row[5].as<qint64>(),
                                      row[6].as<qint64>(),
                                      row[7].as<qint64>()});
    for (const auto &row : run(tx, kPayments, scope, period))
        out.payments.append(
            PaymentLine{qstr(row[0]), qstr(row[1]), row[2].as<qint64>(), row[3].as<qint64>()});
    for (const auto &row : run(tx, kUnmatched, scope, period))
        out.unmatched.append(UnmatchedOrder{qstr(row[0]),
                                            row[1].as<qint64>(),
                                            row[2].as<qint64>(),
                                            row[3].as<qint64>()});
    return out;
}

std::optional<Settlement> MoneyReportRepository::settlement(Tx &tx, const QString &eventId)
{
    const auto rows = exec(tx, kSettlement, str(eventId));
    if (rows.empty())
        return std::nullopt;
    const auto &row = rows[0];
    Settlement s;
    s.eventId = eventId;
    s.title = qstr(row[0]);
    s.venue = qstr(row[1]);
    s.startsAt = utc(row[2]);
    s.timeZone = qstr(row[3]);
    s.currency = qstr(row[4]);
    s.commissionBps = row[5].as<int>();
    s.salesCents = row[6].as<qint64>();
    s.exchangeCents = row[7].as<qint64>();
    s.refundedCents = row[8].as<qint64>();
    s.grossCents = row[9].as<qint64>();
    s.taxCents = row[10].as<qint64>();
    s.feeCents = row[11].as<qint64>();
    s.netCents = row[12].as<qint64>();
    s.commissionCents = row[13].as<qint64>();
    s.owedCents = s.netCents - s.commissionCents;
    s.ticketsSold = row[14].as<qint64>();
    s.compTickets = row[15].as<qint64>();
    s.asOf = utc(row[16]);
    return s;
}

std::optional<int> MoneyReportRepository::setCommission(Tx &tx,
                                                        const QString &eventId,
                                                        int basisPoints)
{
    const auto rows = exec(tx, kSetCommission, str(eventId), basisPoints);
    if (rows.empty())
        return std::nullopt;
    return rows[0][0].as<int>();
}

} // namespace boxoffice::server::db
