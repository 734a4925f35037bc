// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "hold.h"
#include "idempotency.h"
#include "principal.h"
#include "result.h"
#include "seatleasecache.h"

#include <QHash>
#include <QMutex>

#include <memory>

namespace boxoffice::server::db {
class Database;
class Tx;
} // namespace boxoffice::server::db

namespace boxoffice::server::domain {

class HoldGroupCommit;

/// Holds: the conditional UPDATE that decides who gets a seat, best-available, GA capacity,
/// per-user limits and idempotent creation. Plain structs in, typed results out (rule errors
/// come back as an Error in the Result, never as exceptions), so REST and the WebSocket RPC
/// share it. Only Unavailable escapes, when the database cannot answer.
class HoldService
{
public:
    /// `answers` (api::holdCodec) is how a keyed create keeps its first answer for replays.
    HoldService(db::Database &database, AnswerCodec<Hold> answers);
    ~HoldService();

    /// The new hold (its remainingMs by the database's clock), or why not (seat_unavailable,
    /// limit_exceeded, ...). An explicit-seat hold gets `holdId` (a uuid) when given and free,
    /// else one the database picks; a replayed answer carries the replayed hold's id.
    Result<Hold> create(const Principal &caller,
                        const HoldRequest &request,
                        const std::optional<QString> &idempotencyKey,
                        const QString &holdId = {});
    /// The caller's hold; not_found for unknown ids and others' holds.
    Result<Hold> find(const Principal &caller, const QString &holdId);
    /// Releases the caller's hold at once and answers it as it was found (a hold released or
    /// swept already is released again: nothing changes); not_found for unknown ids and others'
    /// holds, hold_expired for a hold that became an order.
    Result<Hold> release(const Principal &caller, const QString &holdId);

    /// How many create requests ended how (`created`, `seat_unavailable`, ...), for /metrics.
    QList<QPair<QString, quint64>> results() const;
    /// Counts a create request answered before it reached this service (a Redis lease conflict).
    void count(const QString &result);

    /// Sweeper tick: expires holds past their time so the seat map catches up; returns how many.
    /// Correctness never depends on it. Does nothing when another instance leads.
    int sweep();

    /// The seats of `seats` this instance saw taken within the last SeatLeaseCache window.
    QStringList takenFromMemory(const QString &eventId, const QStringList &seats)
    {
        return m_recentlyTaken.taken(eventId, seats);
    }

    /// Seats freed elsewhere on this instance (a refund): stop refusing them from memory.
    void forgetTaken(const QString &eventId, const QStringList &seats)
    {
        m_recentlyTaken.forget(eventId, seats);
    }

private:
    Result<Hold> createCounted(const Principal &caller,
                               const HoldRequest &request,
                               const std::optional<QString> &idempotencyKey,
                               const QString &holdId);
    Result<Hold> createOnce(const Principal &caller,
                            const HoldRequest &request,
                            const std::optional<QString> &idempotencyKey,
                            const QString &holdId);
    Hold findHold(const Principal &caller, const QString &holdId);
    Hold releaseHold(const Principal &caller, const QString &holdId);
    Hold createInTx(db::Tx &tx,
                    const Principal &caller,
                    const HoldRequest &request,
                    const QString &holdId);
    Hold holdWithCode(db::Tx &tx,
                      const Principal &caller,
                      const HoldRequest &request,
                      const QString &holdId);
    Hold holdSeats(db::Tx *tx,
                   const QString &owner,
                   const HoldRequest &request,
                   const QString &holdId);
    void holdBestAvailable(db::Tx &tx, Hold &hold, const HoldRequest &request);
    void holdGa(db::Tx &tx, Hold &hold, const HoldRequest &request);

    db::Database &m_database;
    Idempotency m_idempotency;
    AnswerCodec<Hold> m_answers;
    std::unique_ptr<HoldGroupCommit>
        m_batcher; ///< keyless explicit-seat holds, decided in batches under load
    SeatLeaseCache m_recentlyTaken;
    mutable QMutex m_countersMutex;
    QHash<QString, quint64> m_results;
};

} // namespace boxoffice::server::domain
