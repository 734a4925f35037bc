// SPDX-License-Identifier: GPL-3.0-or-later
#include "allocationholdrepository.h"

#include "salerefusal.h"
#include "statement.h"

#include <stdexcept>

namespace boxoffice::server::db {

namespace {

const Statement kHold{"allocation_hold",
                      "SELECT o_outcome, o_hold_id, o_expires_at, o_outside,"
                      " (extract(epoch FROM o_expires_at - clock_timestamp()) * 1000)::bigint"
                      " FROM hold_allocation_seats($1::uuid, $2, $3, $4::text[],"
                      " NULLIF($5, '')::uuid, $6)"};
// The seats back in the allocation: blocked and held back again, in one statement.
const Statement kReturn{
    "allocation_return",
    "WITH returned AS (UPDATE inventory i SET status = 'blocked', hold_id = NULL, owner = NULL,"
    "   expires_at = NULL, version = i.version + 1 WHERE i.event_id = $1::uuid"
    "   AND i.seat_id = ANY($2::text[]) AND i.hold_id = $3::uuid AND i.status = 'held'"
    "   RETURNING i.seat_id),"
    " kept AS (INSERT INTO holdbacks (event_id, seat_id, kind, allocation, created_by)"
    "   SELECT $1::uuid, seat_id, 'allocation', $4, $5 FROM returned RETURNING seat_id)"
    " SELECT seat_id FROM kept ORDER BY seat_id"};
const Statement kHeldBack{"allocation_held_back",
                          "SELECT b.seat_id FROM holdbacks b JOIN inventory i USING (event_id,"
                          " seat_id) WHERE b.event_id = $1::uuid AND b.kind = 'allocation'"
                          " AND b.allocation = $2 AND i.status = 'blocked' ORDER BY b.seat_id"};
const Statement kSweep{
    "allocation_sweep",
    "WITH expired AS (SELECT id FROM holds WHERE status = 'active' AND allocation IS NOT NULL"
    "   AND expires_at < now() ORDER BY expires_at LIMIT $1 FOR UPDATE SKIP LOCKED),"
    " ended AS (UPDATE holds h SET status = 'expired', ended_at = now() FROM expired e"
    "   WHERE h.id = e.id RETURNING h.id, h.event_id, h.seats, h.owner, h.allocation),"
    " returned AS (UPDATE inventory i SET status = 'blocked', hold_id = NULL, owner = NULL,"
    "   expires_at = NULL, version = i.version + 1 FROM ended"
    "   WHERE i.event_id = ended.event_id AND i.seat_id = ANY(ended.seats)"
    "   AND i.hold_id = ended.id AND i.status = 'held'"
    "   RETURNING i.event_id, i.seat_id, ended.owner, ended.allocation),"
    " kept AS (INSERT INTO holdbacks (event_id, seat_id, kind, allocation, created_by)"
    "   SELECT event_id, seat_id, 'allocation', allocation, owner FROM returned"
    "   RETURNING event_id, seat_id),"
    " logged AS (INSERT INTO outbox (event_id, kind, payload)"
    "   SELECT event_id, 'seats.blocked', jsonb_build_object('reason', 'expired',"
    "     'seats', jsonb_agg(seat_id ORDER BY seat_id)) FROM kept GROUP BY event_id RETURNING 1)"
    " SELECT (SELECT count(*) FROM ended), (SELECT count(*) FROM logged)"};
const Statement kForCounter{"allocation_for_counter",
                            "SELECT a.name, coalesce(array_agg(b.seat_id ORDER BY b.seat_id)"
                            " FILTER (WHERE b.seat_id IS NOT NULL), '{}') FROM allocations a"
                            " LEFT JOIN holdbacks b ON b.event_id = a.event_id"
                            " AND b.allocation = a.name WHERE a.event_id = $1::uuid"
                            " AND a.counter_sale GROUP BY a.name ORDER BY a.name"};

AllocationHoldOutcome outcomeOf(const pqxx::field &field)
{
    const std::string_view text(field.c_str(), field.size());
    if (text == "created")
        return AllocationHoldOutcome::Created;
    if (text == "no_allocation")
        return AllocationHoldOutcome::NoAllocation;
    if (text == "counter_sale_off")
        return AllocationHoldOutcome::CounterSaleOff;
    if (text == "seat_unavailable")
        return AllocationHoldOutcome::SeatUnavailable;
    throw std::runtime_error("hold_allocation_seats: unknown outcome " + std::string(text));
}

} // namespace

AllocationHold AllocationHoldRepository::hold(Tx &tx,
                                              const QString &eventId,
                                              const QString &owner,
                                              const QString &allocation,
                                              const QStringList &sortedSeats,
                                              const QString &holdId,
                                              bool unlockedByCode)
{
    pqxx::result result;
    try {
        result = exec(tx,
                      kHold,
                      str(eventId),
                      str(owner),
                      str(allocation),
                      textArray(sortedSeats),
                      str(holdId),
                      unlockedByCode);
    } catch (const pqxx::unique_violation &) {
        throw HoldIdTaken("hold id taken");
    } catch (const pqxx::sql_error &error) {
        if (const auto refusal = saleRefusal(error))
            throw SaleRefused(*refusal);
        throw;
    }
    const auto row = result[0];
    AllocationHold out;
    out.outcome = outcomeOf(row[0]);
    out.outside = row[3].is_null() ? QStringList() : parseTextArray(row[3]);
    if (out.outcome != AllocationHoldOutcome::Created)
        return out;
    Hold hold;
    hold.id = qstr(row[1]);
    hold.eventId = eventId;
    hold.owner = owner;
    hold.seats = sortedSeats;
    hold.expiresAt = QDateTime::fromString(qstr(row[2]), Qt::ISODateWithMs);
    hold.status = QStringLiteral("active");
    hold.storedStatus = hold.status;
    hold.remainingMs = row[4].as<qint64>();
    hold.allocation = allocation;
    out.hold = hold;
    return out;
}

QStringList AllocationHoldRepository::returnSeats(Tx &tx, const Hold &hold)
{
    QStringList out;
    for (const auto &row : exec(tx,
                                kReturn,
                                str(hold.eventId),
                                textArray(hold.seats),
                                str(hold.id),
                                str(hold.allocation),
                                str(hold.owner)))
        out.append(qstr(row[0]));
    return out;
}

int AllocationHoldRepository::sweep(Tx &tx, int limit)
{
    return exec(tx, kSweep, limit)[0][0].as<int>();
}

QList<CounterAllocation> AllocationHoldRepository::forCounter(Tx &tx, const QString &eventId)
{
    QList<CounterAllocation> out;
    for (const auto &row : exec(tx, kForCounter, str(eventId)))
        out.append(CounterAllocation{qstr(row[0]), parseTextArray(row[1])});
    return out;
}

QStringList AllocationHoldRepository::heldBackSeats(Tx &tx,
                                                    const QString &eventId,
                                                    const QString &allocation)
{
    QStringList seats;
    for (const auto &row : exec(tx, kHeldBack, str(eventId), str(allocation)))
        seats.append(qstr(row[0]));
    return seats;
}

} // namespace boxoffice::server::db
