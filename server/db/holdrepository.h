// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/hold.h"
#include "db/rows/sectionseat.h"

#include <optional>
#include <stdexcept>

namespace boxoffice::server::db {

class Database;
class Tx;

/// The outcome of inserting a hold: the hold, or nothing because a limit was reached; and the
/// user's usage before it.
struct HoldAttempt
{
    std::optional<Hold> hold;
    UserUsage usage;
};

/// How `hold_seats` / `hold_seats_batch` decided a request (their `o_outcome`), or the holds
/// trigger refused it (db/sql/holds_refuse_before_sale.sql: not yet, paused, cancelled, over).
enum class HoldOutcome {
    Created,
    NotFound,
    NotOnSale,
    SalePaused,
    EventCancelled,
    OffSale,
    AdmissionRequired,
    LimitExceeded,
    SeatUnavailable,
};

/// What `hold_seats` answered. `found`: the requested seats that exist (sorted); `free`: those
/// that were free under the lock. `hold` is set only when `outcome` is Created.
struct SeatHoldOutcome
{
    HoldOutcome outcome = HoldOutcome::NotFound;
    std::optional<Hold> hold;
    QStringList found;
    QStringList free;
    UserUsage usage;
    EventRules rules; ///< limits only (for the limit_exceeded problem)
};

/// The hold id given to `hold_seats` belongs to an existing hold: nothing was kept; run the hold
/// again with another id (or none).
class HoldIdTaken : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

/// The holds trigger refused a hold the GA and best-available path inserts (`outcome`: one of
/// NotOnSale, SalePaused, EventCancelled, OffSale).
class SaleRefused : public std::runtime_error
{
public:
    explicit SaleRefused(HoldOutcome outcome)
        : std::runtime_error("the event's sale refused the hold")
        , outcome(outcome)
    {}
    HoldOutcome outcome;
};

/// Inventory, holds and GA counters. Every statement that changes inventory is paired by the
/// caller with an outbox row (OutboxRepository) in the same transaction.
class HoldRepository
{
public:
    /// Serializes one user's hold requests on one event (transaction advisory lock) and reads
    /// the event's rules; nullopt when the event does not exist.
    static std::optional<EventRules> lockUserOnEvent(Tx &tx,
                                                     const QString &eventId,
                                                     const QString &owner);
    /// What the user has on the event now (call after lockUserOnEvent, in its transaction).
    static UserUsage usage(Tx &tx, const QString &eventId, const QString &owner);
    /// Inserts an active hold row (no seats yet, or GA places) when the user's limits allow
    /// `wanted` more seats and one more hold. Throws SaleRefused when the event's sale does.
    static HoldAttempt insertHold(Tx &tx,
                                  const HoldRequest &request,
                                  const QString &owner,
                                  const EventRules &rules,
                                  int wanted);
    /// The conditional UPDATE: takes the seats that are available or whose hold expired, locking
    /// them in sorted order. Returns the seats taken.
    static QStringList takeSeats(Tx &tx,
                                 const QString &eventId,
                                 const QString &holdId,
                                 const QString &owner,
                                 const QStringList &sortedSeats);

    /// One statement (the `hold_seats` function) for an explicit-seat hold: per-user lock,
    /// rules, limits, the conditional UPDATE in sorted order, the hold and its outbox row, all
    /// or nothing. Runs in autocommit (its own transaction) or inside a transaction. The hold
    /// gets `holdId` when given (a uuid chosen before the Redis leases), else one the database
    /// picks; throws HoldIdTaken when a hold has that id already.
    static SeatHoldOutcome holdSeats(Tx &tx,
                                     const QString &eventId,
                                     const QString &owner,
                                     const QStringList &sortedSeats,
                                     bool admitted,
                                     const QString &holdId = {});
    /// The same in autocommit on a pooled connection: the statement is its own transaction,
    /// so no BEGIN/COMMIT round trips. Retries once after serialization failure or deadlock
    /// (rolled back) and once on a connection found dead (a database restart). Were the answer
    /// lost after a commit, the second run could not take anything twice: it finds the seats
    /// taken. A `holdId` taken already is replaced by one the database picks (the answer's
    /// hold id then differs from it). Throws Unavailable when the database cannot answer.
    static SeatHoldOutcome holdSeats(Database &database,
                                     const QString &eventId,
                                     const QString &owner,
                                     const QStringList &sortedSeats,
                                     bool admitted,
                                     const QString &holdId = {});

    /// One request of holdSeatsBatch(): its seats sorted and distinct, its hold id chosen.
    struct SeatHoldRequest
    {
        QString owner;
        QStringList sortedSeats;
        bool admitted = false;
        QString holdId;
    };
    /// Several explicit-seat holds on one event in one statement (`hold_seats_batch`), one
    /// transaction in autocommit: each request decided as if it came alone, in order. Throws
    /// what the statement throws (the caller then runs the requests one by one).
    static std::vector<SeatHoldOutcome> holdSeatsBatch(Database &database,
                                                       const QString &eventId,
                                                       const std::vector<SeatHoldRequest> &requests);

    /// Every seat of a section with its free flag, sorted by row and position.
    static QList<SectionSeat> sectionSeats(Tx &tx, const QString &eventId, const QString &section);
    /// Locks those of `seats` that are free and not locked by someone else (SKIP LOCKED).
    static QStringList lockFreeSeats(Tx &tx, const QString &eventId, const QStringList &seats);
    static bool sectionExists(Tx &tx, const QString &eventId, const QString &section);

    /// The hold with `holdId` (status as stored), optionally locked.
    static std::optional<Hold> findHold(Tx &tx, const QString &holdId, bool lock);
    /// True when an active hold's expires_at has passed.
    static bool isExpired(Tx &tx, const QString &holdId);
    /// Frees the seats still held by `holdId`; returns them.
    static QStringList releaseSeats(Tx &tx, const QString &eventId, const QString &holdId);
    static void setHoldSeats(Tx &tx, const QString &holdId, const QStringList &seats);
    static void setHoldStatus(Tx &tx, const QString &holdId, const QString &status);

    /// Sweeper: expires up to `limit` seat holds past their time and frees their seats (with
    /// outbox rows). Returns how many holds it expired.
    static int sweepSeatHolds(Tx &tx, int limit);
    /// Zones that have active GA holds past their time.
    static QList<QPair<QString, QString>> zonesWithExpiredHolds(Tx &tx, int limit);
    /// Takes the sweeper's transaction-level leader lock; false when another instance has it.
    static bool trySweeperLock(Tx &tx);
};

} // namespace boxoffice::server::db
