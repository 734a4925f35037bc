// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "hold.h"
#include "principal.h"
#include "result.h"
#include "seatleasecache.h"

#include <QDeadlineTimer>
#include <QHash>
#include <QMutex>
#include <QSemaphore>

#include <optional>

namespace boxoffice::server::redis {
class LeaseSettler;
class RateLimiter;
class RedisPool;
class SeatLeases;
} // namespace boxoffice::server::redis

namespace boxoffice::server::domain {

class HoldService;
class QueueService;

/// What stands in front of HoldService: rate limits (per user and per IP, in Redis), the
/// waiting-room check from cached settings, per-seat Redis leases that refuse obvious conflicts
/// without touching PostgreSQL, and, while Redis is down, a cap on holds in flight so the
/// database is not flooded (excess: 503 with Retry-After). PostgreSQL still decides every hold.
/// Conflicts known from memory (seats this instance saw taken, or has a hold in flight for)
/// are answered before any of that, without Redis or PostgreSQL: refuseFromMemory(). A lease
/// belongs to `subject|hold id` from the start (the id is chosen before the lease): a new
/// hold's leases get its time after the answer, without waiting (redis::LeaseSettler).
class HoldGate
{
public:
    HoldGate(HoldService &holds, QueueService &queue, redis::RedisPool &redis);
    ~HoldGate();

    /// POST /holds (and WS hold.create) through the gate.
    Result<Hold> create(const Principal &caller,
                        const HoldRequest &request,
                        const std::optional<QString> &idempotencyKey,
                        const QString &clientIp);
    /// The fast lane: a seat_unavailable (409) listing the requested seats this instance saw
    /// taken within the SeatLeaseCache window (2 s) or has a leased hold in flight for, or
    /// nullopt (then create() decides). No I/O, so the HTTP thread may call it. It answers only
    /// keyless explicit-seat requests the waiting room lets through: the caller's admission is
    /// for the event, or the event was seen without a queue within the settings cache time.
    /// Not rate limited: it costs less than the rate limiter's own round trip.
    std::optional<Error> refuseFromMemory(const Principal &caller,
                                          const HoldRequest &request,
                                          const std::optional<QString> &idempotencyKey);
    /// refuseFromMemory(), and when it lets the request through, the seats are claimed for the
    /// caller until create() is done with it: the requests for them from others that arrive
    /// meanwhile are refused from memory too (a burst of 1,000 buyers for 10 seats then sends
    /// about 10 to Redis and PostgreSQL, not every request read before a first lease). For the
    /// HTTP fast lane, whose request always goes on to create().
    std::optional<Error> refuseOrClaim(const Principal &caller, const HoldRequest &request);
    /// DELETE /holds/{id}: releases the hold, then its leases, and leaves the active set;
    /// answers HoldService::release()'s.
    Result<Hold> release(const Principal &caller, const QString &holdId);
    /// Seats made available outside a hold release (a refund): no cache or lease may refuse them.
    void seatsFreed(const QString &eventId, const QStringList &seats);
    /// Adds the lease settler's counters to /metrics (once per process, after construction).
    void registerMetrics();

    /// The rate-limit problem for `scope` (`hold`, `order`, `queue`), or nullopt when allowed
    /// (also when Redis is down: the degraded cap protects the database then).
    std::optional<Error> rateLimit(const QByteArray &scope,
                                   const Principal &caller,
                                   const QString &clientIp);

private:
    Result<Hold> createLeased(const Principal &caller,
                              const HoldRequest &request,
                              const std::optional<QString> &idempotencyKey,
                              const QString &clientIp);
    Error rateLimited(qint64 waitMs);
    /// The seat_unavailable for the requested seats known taken (by others' claims too), once the request
    /// may be answered from memory at all.
    std::optional<Error> refuseKnown(const Principal &caller, const HoldRequest &request);
    /// Whether the fast lane may answer or claim for this request (see refuseFromMemory()).
    bool answersFromMemory(const HoldRequest &request, const std::optional<QString> &idempotencyKey);
    Result<Hold> createUnclaimed(const Principal &caller,
                                 const HoldRequest &request,
                                 const std::optional<QString> &idempotencyKey,
                                 const QString &clientIp);
    Result<Hold> createCapped(const Principal &caller,
                              const HoldRequest &request,
                              const std::optional<QString> &idempotencyKey);

    HoldService &m_holds;
    QueueService &m_queue;
    redis::RedisPool &m_redis;
    std::unique_ptr<redis::SeatLeases> m_leases;
    std::unique_ptr<redis::RateLimiter> m_limiter;
    std::unique_ptr<redis::LeaseSettler> m_settler;
    QSemaphore m_degraded;
    SeatLeaseCache m_inFlight; ///< seats of requests on their way to a hold, by caller
    QMutex m_openMutex;
    QHash<QString, QDeadlineTimer> m_openUntil; ///< events seen without a queue, until when
};

} // namespace boxoffice::server::domain
