// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ratelimiter.h"
#include "redispool.h"

#include <QString>

#include <functional>
#include <optional>

namespace boxoffice::server::redis {

class AsyncRedis;

/// An event's waiting room at a glance (the back office's dashboard).
struct QueueCounts
{
    qint64 waiting = 0;
    qint64 active = 0;        ///< admitted and not expired
    double ratePerMinute = 0; ///< measured admissions per minute
};

/// A user's place as Redis sees it.
struct QueuePlace
{
    enum class State { Waiting, Admitted, Expired, Unknown, RateLimited };
    State state = State::Unknown;
    qint64 retryAfterMs = 0; ///< RateLimited: when a join would be allowed
    QString queueId;
    qint64 ahead = 0;           ///< people in front (waiting)
    qint64 admittedUntilMs = 0; ///< admitted: when the admission ends (Redis clock, ms)
    double ratePerMinute = 0;   ///< measured admission rate (0 before any measurement)
};

/// Rate limits checked by a join in the same script (per user and per IP, keys in the event's
/// hash tag); an empty `ip` is limited per user only.
struct JoinLimits
{
    RateLimit userLimit;
    RateLimit ipLimit;
    QString ip;
};

/// What one admission step did; `fenced` when this instance no longer leads.
struct AdmitStep
{
    bool fenced = false;
    int admitted = 0;
    int active = 0;
    int waiting = 0;
    QList<qint64> waitsMs; ///< how long each admitted user waited since joining
};

/// The waiting room in Redis, one hash-tagged key family per event (`q:{event}:...`): a sorted
/// set of waiting users, an active set scored by admission expiry, the queue ids, the admitter's
/// credit and measured rate, and the leader lease. Every operation is one Lua script (atomic,
/// bounded work). Calls return nullopt when Redis is unreachable.
class QueueStore
{
public:
    explicit QueueStore(RedisPool &pool)
        : m_pool(pool)
    {}

    /// Joins (or finds) `user`'s place; `early` (before on-sale) places get a random score
    /// among the early arrivals, later ones the next sequence number. ZADD NX keeps a place.
    /// One round trip with the rate limits: RateLimited (nothing changed) when over them.
    std::optional<QueuePlace> join(const QString &eventId,
                                   const QString &user,
                                   bool early,
                                   const JoinLimits &limits = {});
    /// The same join without blocking: `done` runs on `redis`' thread with the place (nullopt
    /// when Redis is unreachable).
    static void join(AsyncRedis &redis,
                     const QString &eventId,
                     const QString &user,
                     bool early,
                     const JoinLimits &limits,
                     std::function<void(std::optional<QueuePlace>)> done);
    /// The place of `queueId`; Unknown when it is not `user`'s (or does not exist).
    std::optional<QueuePlace> status(const QString &eventId,
                                     const QString &user,
                                     const QString &queueId);
    /// How many wait and are active; nullopt when Redis is unreachable.
    std::optional<QueueCounts> counts(const QString &eventId);
    /// Removes `user` from the active set (order done, hold released).
    bool leave(const QString &eventId, const QString &user);
    /// Whether `user` is in the active set with an admission that has not run out (by Redis'
    /// clock); nullopt when Redis is unreachable.
    std::optional<bool> isActive(const QString &eventId, const QString &user);

    /// Takes the admitter lease of `eventId` if it is free: returns the lease value (with its
    /// fencing token), or empty when someone else leads.
    std::optional<QByteArray> acquireLeader(const QString &eventId,
                                            const QByteArray &instance,
                                            int ttlMs);
    /// Extends our lease; false when it is no longer ours.
    std::optional<bool> renewLeader(const QString &eventId, const QByteArray &lease, int ttlMs);
    /// Gives the lease up (compare-and-delete).
    void releaseLeader(const QString &eventId, const QByteArray &lease);

    /// One admission step by the lease holder `lease`: expires old admissions, adds
    /// admitPerMinute x elapsed of credit, and moves up to that many (never past maxActive)
    /// from waiting to active for `admissionMs`.
    std::optional<AdmitStep> admit(const QString &eventId,
                                   const QByteArray &lease,
                                   int admitPerMinute,
                                   int maxActive,
                                   int admissionMs);

    /// Events somebody joined (the admitter's work list).
    std::optional<QStringList> events();
    /// Redis' own clock in ms (the queue's time base, the same for every instance).
    std::optional<qint64> nowMs();

private:
    RedisPool &m_pool;
};

} // namespace boxoffice::server::redis
