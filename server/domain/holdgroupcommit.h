// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/holdrepository.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <vector>
#include <QAtomicInt>
#include <QElapsedTimer>
#include <QHash>

namespace boxoffice::server::domain {

/// Explicit-seat holds decided in batches (group commit). A request that finds fewer than
/// `concurrentBatches` batches running leads one: it takes every request of its event that is
/// waiting (up to `maxBatch`, in arrival order, its own included) to PostgreSQL in one call of
/// `hold_seats_batch`, one transaction and one round trip for all. Requests arriving meanwhile
/// wait and go with the next batch. Alone (no one else waiting), a request runs the plain
/// `hold_seats`: an idle server answers exactly as before. A batch that fails as a whole (a
/// conflict, a lost connection, a bad request in it) is not retried as a batch: each of its
/// requests then runs alone, with HoldRepository::holdSeats()'s retries, so one bad request
/// never fails the others. Thread-safe; callers block (worker threads).
class HoldGroupCommit
{
public:
    struct Options
    {
        int concurrentBatches = 2; ///< a few: PostgreSQL has few cores, and others use the pool
        int maxBatch = 32;
        /// Under load (the previous request came less than this before), a leader waits this
        /// long for more requests before it takes its batch.
        int gatherUs = 1000;

        /// The defaults, or BOXOFFICE_HOLD_BATCHES, BOXOFFICE_HOLD_BATCH_MAX and
        /// BOXOFFICE_HOLD_GATHER_US (0: no waiting; batches form only while others run).
        static Options fromEnvironment();
    };

    HoldGroupCommit(db::Database &database, Options options);

    /// HoldRepository::holdSeats(db::Database &, ...) with a chosen hold id (empty: one is made).
    db::SeatHoldOutcome holdSeats(const QString &eventId,
                                  const QString &owner,
                                  const QStringList &sortedSeats,
                                  bool admitted,
                                  const QString &holdId = {});

    /// How many batches of two or more went to PostgreSQL (metrics, tests).
    int batches() const { return m_batches.loadRelaxed(); }

private:
    struct Request;
    /// The waiting requests of `eventId` (up to maxBatch, oldest first); the mutex is held.
    std::vector<Request *> takeBatch(const QString &eventId);
    int waitingFor(const QString &eventId) const;
    /// The batch's outcomes, in its order, or nullopt: each request is to run alone. Without
    /// the mutex; reads only what the requests' blocked threads no longer change.
    std::optional<std::vector<db::SeatHoldOutcome>> decide(const std::vector<Request *> &batch);

    db::Database &m_database;
    const Options m_options;
    // std:: rather than QMutex/QWaitCondition: ThreadSanitizer follows pthreads, not an
    // uninstrumented Qt's wait (it took every wait for a double lock).
    std::mutex m_mutex;
    std::deque<Request *> m_waiting;
    QHash<QString, Request *> m_gathering; ///< event -> the leader waiting to fill its batch
    int m_running = 0;
    QElapsedTimer m_clock;
    QAtomicInt m_batches;
    qint64 m_lastArrivalNs = -1'000'000'000'000;
};

} // namespace boxoffice::server::domain
