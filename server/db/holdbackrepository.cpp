// SPDX-License-Identifier: GPL-3.0-or-later
#include "holdbackrepository.h"

#include "statement.h"

#include <stdexcept>

namespace boxoffice::server::db {

namespace {

const Statement kEventExists{"holdback_event_exists", "SELECT 1 FROM events WHERE id = $1::uuid"};
// A held seat whose hold expired is free (logical expiry), as in the hold statements.
const Statement kLockSeats{
    "holdback_lock_seats",
    "SELECT seat_id, CASE WHEN status = 'held' AND expires_at < now() THEN 'available'"
    " ELSE status END FROM inventory WHERE event_id = $1::uuid AND seat_id = ANY($2::text[])"
    " ORDER BY seat_id FOR NO KEY UPDATE"};
const Statement kHeldBack{"holdback_of_seats",
                          "SELECT seat_id, kind, coalesce(allocation, '') FROM holdbacks"
                          " WHERE event_id = $1::uuid AND seat_id = ANY($2::text[])"
                          " ORDER BY seat_id"};
const Statement kSeatsOfKind{"holdback_seats_of_kind",
                             "SELECT seat_id FROM holdbacks WHERE event_id = $1::uuid"
                             " AND ($2 = '' OR kind = $2) AND ($3 = '' OR allocation = $3)"
                             " ORDER BY seat_id"};
const Statement kEnsureAllocation{"holdback_ensure_allocation",
                                  "INSERT INTO allocations (event_id, name) VALUES ($1::uuid, $2)"
                                  " ON CONFLICT DO NOTHING"};
const Statement kUpsert{
    "holdback_upsert",
    "INSERT INTO holdbacks (event_id, seat_id, kind, allocation, created_by)"
    " SELECT $1::uuid, s, $3, NULLIF($4, ''), $5 FROM unnest($2::text[]) AS s"
    " ON CONFLICT (event_id, seat_id) DO UPDATE SET kind = EXCLUDED.kind,"
    " allocation = EXCLUDED.allocation, created_by = EXCLUDED.created_by, created_at = now()"};
// Only seats locked by this transaction and free under the lock: the caller compares counts.
const Statement kBlock{
    "holdback_block",
    "UPDATE inventory SET status = 'blocked', hold_id = NULL, owner = NULL, expires_at = NULL,"
    " version = version + 1 WHERE event_id = $1::uuid AND seat_id = ANY($2::text[])"
    " AND (status = 'available' OR (status = 'held' AND expires_at < now()))"};
const Statement kDelete{"holdback_delete",
                        "DELETE FROM holdbacks WHERE event_id = $1::uuid"
                        " AND seat_id = ANY($2::text[]) RETURNING seat_id, kind,"
                        " coalesce(allocation, '')"};
const Statement kUnblock{"holdback_unblock",
                         "UPDATE inventory SET status = 'available', version = version + 1"
                         " WHERE event_id = $1::uuid AND seat_id = ANY($2::text[])"
                         " AND status = 'blocked'"};
const Statement kList{"holdback_list",
                      "SELECT seat_id, kind, coalesce(allocation, '') FROM holdbacks"
                      " WHERE event_id = $1::uuid ORDER BY seat_id"};
const Statement
    kAllocations{"holdback_allocations",
                 "SELECT a.name, (SELECT count(*) FROM holdbacks b WHERE b.event_id = a.event_id"
                 " AND b.allocation = a.name), a.counter_sale FROM allocations a"
                 " WHERE a.event_id = $1::uuid ORDER BY a.name"};
const Statement
    kLockAllocation{"holdback_lock_allocation",
                    "SELECT a.name, (SELECT count(*) FROM holdbacks b WHERE b.event_id = a.event_id"
                    " AND b.allocation = a.name), a.counter_sale FROM allocations a"
                    " WHERE a.event_id = $1::uuid AND a.name = $2 FOR NO KEY UPDATE"};
const Statement kSetCounterSale{"holdback_set_counter_sale",
                                "UPDATE allocations SET counter_sale = $3"
                                " WHERE event_id = $1::uuid AND name = $2"};

QList<HeldBackSeat> heldBackRows(const pqxx::result &rows)
{
    QList<HeldBackSeat> out;
    out.reserve(int(rows.size()));
    for (const auto &row : rows)
        out.append(HeldBackSeat{qstr(row[0]), qstr(row[1]), qstr(row[2])});
    return out;
}

Allocation allocationRow(const pqxx::row &row)
{
    return Allocation{qstr(row[0]), row[1].as<int>(), row[2].as<bool>()};
}

} // namespace

bool HoldbackRepository::eventExists(Tx &tx, const QString &eventId)
{
    return !exec(tx, kEventExists, str(eventId)).empty();
}

QList<LockedSeat> HoldbackRepository::lockSeats(Tx &tx,
                                                const QString &eventId,
                                                const QStringList &seatIds)
{
    QList<LockedSeat> out;
    for (const auto &row : exec(tx, kLockSeats, str(eventId), textArray(seatIds)))
        out.append(LockedSeat{qstr(row[0]), qstr(row[1])});
    return out;
}

QList<HeldBackSeat> HoldbackRepository::heldBack(Tx &tx,
                                                 const QString &eventId,
                                                 const QStringList &seatIds)
{
    return heldBackRows(exec(tx, kHeldBack, str(eventId), textArray(seatIds)));
}

QStringList HoldbackRepository::seatsOfKind(Tx &tx,
                                            const QString &eventId,
                                            const QString &kind,
                                            const QString &allocation)
{
    QStringList out;
    for (const auto &row : exec(tx, kSeatsOfKind, str(eventId), str(kind), str(allocation)))
        out.append(qstr(row[0]));
    return out;
}

void HoldbackRepository::ensureAllocation(Tx &tx, const QString &eventId, const QString &name)
{
    exec(tx, kEnsureAllocation, str(eventId), str(name));
}

void HoldbackRepository::upsert(Tx &tx,
                                const QString &eventId,
                                const QStringList &seatIds,
                                const HeldBackSeat &kind,
                                const QString &actor)
{
    exec(tx,
         kUpsert,
         str(eventId),
         textArray(seatIds),
         str(kind.kind),
         str(kind.allocation),
         str(actor));
}

int HoldbackRepository::block(Tx &tx, const QString &eventId, const QStringList &seatIds)
{
    return int(exec(tx, kBlock, str(eventId), textArray(seatIds)).affected_rows());
}

QList<HeldBackSeat> HoldbackRepository::release(Tx &tx,
                                                const QString &eventId,
                                                const QStringList &seatIds)
{
    QList<HeldBackSeat> released = heldBackRows(exec(tx, kDelete, str(eventId), textArray(seatIds)));
    std::sort(released.begin(), released.end(), [](const auto &a, const auto &b) {
        return a.seatId < b.seatId;
    });
    QStringList ids;
    for (const HeldBackSeat &seat : released)
        ids.append(seat.seatId);
    const auto unblocked = exec(tx, kUnblock, str(eventId), textArray(ids)).affected_rows();
    // A holdback row is only ever on a blocked seat (holdbacks_require_blocked).
    if (qsizetype(unblocked) != ids.size())
        throw std::logic_error("holdback release: a held-back seat was not blocked");
    return released;
}

QList<HeldBackSeat> HoldbackRepository::list(Tx &tx, const QString &eventId)
{
    return heldBackRows(exec(tx, kList, str(eventId)));
}

QList<Allocation> HoldbackRepository::allocations(Tx &tx, const QString &eventId)
{
    QList<Allocation> out;
    for (const auto &row : exec(tx, kAllocations, str(eventId)))
        out.append(allocationRow(row));
    return out;
}

std::optional<Allocation> HoldbackRepository::lockAllocation(Tx &tx,
                                                             const QString &eventId,
                                                             const QString &name)
{
    const auto rows = exec(tx, kLockAllocation, str(eventId), str(name));
    if (rows.empty())
        return std::nullopt;
    return allocationRow(rows[0]);
}

void HoldbackRepository::setCounterSale(Tx &tx,
                                        const QString &eventId,
                                        const QString &name,
                                        bool allowed)
{
    exec(tx, kSetCounterSale, str(eventId), str(name), allowed);
}

} // namespace boxoffice::server::db
