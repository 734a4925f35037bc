// SPDX-License-Identifier: GPL-3.0-or-later
#include "boxofficerepository.h"

#include "counterauditcodec.h"
#include "rowreaders.h"
#include "statement.h"

#include <QJsonDocument>

namespace boxoffice::server::db {

namespace {

const Statement kOpenShiftOf{"shift_open_of",
                             "SELECT " SHIFT_COLUMNS
                             " FROM shifts WHERE clerk = $1 AND status = 'open' FOR UPDATE"};
const Statement kOpenShift{"shift_open",
                           "INSERT INTO shifts (clerk, float_cents) VALUES ($1, $2)"
                           " ON CONFLICT (clerk) WHERE status = 'open' DO NOTHING"
                           " RETURNING " SHIFT_COLUMNS};
const Statement kShift{"shift_get", "SELECT " SHIFT_COLUMNS " FROM shifts WHERE id = $1::uuid"};
const Statement kShiftLocked{"shift_get_locked",
                             "SELECT " SHIFT_COLUMNS " FROM shifts WHERE id = $1::uuid FOR UPDATE"};
const Statement kCloseShift{"shift_close",
                            "UPDATE shifts SET status = 'closed', counted_cents = $2,"
                            " closed_at = now() WHERE id = $1::uuid"};
// Counts are of orders: a split sale is two entries (cash and card) but one sale.
const Statement kTotals{"shift_totals",
                        "SELECT kind, method, coalesce(sum(amount_cents), 0) FROM shift_entries"
                        " WHERE shift_id = $1::uuid GROUP BY kind, method"};
const Statement kCounts{"shift_counts",
                        "SELECT kind, count(DISTINCT order_id) FROM shift_entries"
                        " WHERE shift_id = $1::uuid GROUP BY kind"};
const Statement kEntry{"shift_entry",
                       "INSERT INTO shift_entries (shift_id, order_id, kind, method, amount_cents)"
                       " VALUES ($1::uuid, $2::uuid, $3, $4, $5)"};
const Statement kAudit{"audit_insert",
                       "INSERT INTO audit (actor, action, subject, details)"
                       " VALUES ($1, $2, $3, $4::jsonb)"};
const Statement kLockTicket{"ticket_lock",
                            "SELECT t.id, t.event_id, coalesce(t.seat_id, ''),"
                            " coalesce(t.ga_id, ''), t.code, t.status, t.order_id"
                            " FROM tickets t WHERE t.id = $1::uuid FOR UPDATE"};
// Prices come from the seat's category or the GA zone's, as the order's amount did.
const Statement kLockPriced{
    "tickets_lock_priced",
    "SELECT t.id, t.event_id, coalesce(t.seat_id, ''), coalesce(t.ga_id, ''), t.code, t.status,"
    " t.order_id, coalesce(t.price_cents, ps.price_cents, pg.price_cents, 0)"
    " FROM tickets t"
    " LEFT JOIN inventory i ON i.event_id = t.event_id AND i.seat_id = t.seat_id"
    " LEFT JOIN price_categories ps ON ps.event_id = i.event_id AND ps.category_id = i.category"
    " LEFT JOIN ga_zones g ON g.event_id = t.event_id AND g.ga_id = t.ga_id"
    " LEFT JOIN price_categories pg ON pg.event_id = g.event_id AND pg.category_id = g.category"
    " WHERE t.id = ANY($1::uuid[]) ORDER BY t.id FOR UPDATE OF t"};
const Statement kVoidTicket{"ticket_void",
                            "UPDATE tickets SET status = 'void',"
                            " replaced_by = NULLIF($2, '')::uuid WHERE id = $1::uuid"};
const Statement kScan{"ticket_scan",
                      "WITH used AS (UPDATE tickets SET used_at = now() WHERE id = $1::uuid"
                      "   AND status = 'valid' AND used_at IS NULL RETURNING 1)"
                      " SELECT (SELECT count(*) FROM used),"
                      " (SELECT status FROM tickets WHERE id = $1::uuid)"};

} // namespace

std::optional<ShiftRow> BoxOfficeRepository::openShiftOf(Tx &tx, const QString &clerk)
{
    return firstShift(exec(tx, kOpenShiftOf, str(clerk)));
}

std::optional<ShiftRow> BoxOfficeRepository::openShift(Tx &tx,
                                                       const QString &clerk,
                                                       qint64 floatCents)
{
    return firstShift(exec(tx, kOpenShift, str(clerk), floatCents));
}

std::optional<ShiftRow> BoxOfficeRepository::shift(Tx &tx, const QString &id, bool lock)
{
    return firstShift(exec(tx, lock ? kShiftLocked : kShift, str(id)));
}

void BoxOfficeRepository::closeShift(Tx &tx, const QString &id, qint64 countedCents)
{
    exec(tx, kCloseShift, str(id), countedCents);
}

ShiftTotals BoxOfficeRepository::totals(Tx &tx, const QString &shiftId)
{
    ShiftTotals totals;
    for (const auto &row : exec(tx, kTotals, str(shiftId))) {
        const bool sale = qstr(row[0]) == u"sale";
        (sale ? totals.salesByMethod : totals.refundsByMethod)[qstr(row[1])] += row[2].as<qint64>();
    }
    for (const auto &row : exec(tx, kCounts, str(shiftId)))
        (qstr(row[0]) == u"sale" ? totals.salesCount : totals.refundsCount) = row[1].as<int>();
    return totals;
}

void BoxOfficeRepository::addEntry(Tx &tx,
                                   const QString &shiftId,
                                   const QString &orderId,
                                   const QString &kind,
                                   const QString &method,
                                   qint64 amountCents)
{
    exec(tx, kEntry, str(shiftId), str(orderId), str(kind), str(method), amountCents);
}

void BoxOfficeRepository::audit(Tx &tx, const domain::events::CounterAuditRecord &record)
{
    const CounterAuditRow row = counterAuditRow(record);
    exec(tx,
         kAudit,
         str(row.actor),
         str(row.action),
         str(row.subject),
         QJsonDocument(row.details).toJson(QJsonDocument::Compact).toStdString());
}

std::optional<std::pair<Ticket, QString>> BoxOfficeRepository::lockTicket(Tx &tx, const QString &id)
{
    const auto result = exec(tx, kLockTicket, str(id));
    if (result.empty())
        return std::nullopt;
    const auto &row = result[0];
    return std::make_pair(ticketFromRow(row), qstr(row[6]));
}

QList<PricedTicket> BoxOfficeRepository::lockPricedTickets(Tx &tx, const QStringList &ids)
{
    QList<PricedTicket> out;
    for (const auto &row : exec(tx, kLockPriced, textArray(ids)))
        out.append(PricedTicket{ticketFromRow(row), qstr(row[6]), row[7].as<qint64>()});
    return out;
}

void BoxOfficeRepository::voidTicket(Tx &tx, const QString &id, const QString &replacedBy)
{
    exec(tx, kVoidTicket, str(id), str(replacedBy));
}

QString BoxOfficeRepository::scan(Tx &tx, const QString &ticketId)
{
    const auto row = exec(tx, kScan, str(ticketId))[0];
    if (row[1].is_null())
        return QStringLiteral("unknown");
    if (row[0].as<int>() == 1)
        return QStringLiteral("valid");
    return qstr(row[1]) == u"void" ? QStringLiteral("void") : QStringLiteral("already_used");
}

} // namespace boxoffice::server::db
