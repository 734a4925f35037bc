// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/queuesettings.h"
#include "principal.h"
#include "queueconfig.h"
#include "queueplace.h"
#include "result.h"

#include <QHash>
#include <QMutex>

#include <atomic>
#include <functional>
#include <memory>

namespace boxoffice::server::auth {
class JwtSigner;
}
namespace boxoffice::server::db {
class Database;
}
namespace boxoffice::server::redis {
class AsyncRedis;
class QueueStore;
class RateLimiter;
class RedisPool;
struct QueuePlace;
} // namespace boxoffice::server::redis

namespace boxoffice::server::domain {

/// Counters for /metrics and /readyz.
struct QueueMetrics
{
    std::atomic<qint64> joins = 0;
    std::atomic<qint64> admitted = 0;
    std::atomic<qint64> left = 0; ///< left the active set early (order paid, hold released)
    std::atomic<qint64> rateLimited = 0;
    std::atomic<qint64> leaseConflicts = 0;
    std::atomic<qint64> degradedRejected = 0;
    std::atomic<int> leading = 0; ///< events this instance admits for
};

/// The waiting room: joins and polls (Redis only, plus cached event settings), admission tokens,
/// and the admitter, which leads per event through a Redis lease with a fencing token. While
/// Redis is down joins and polls answer 503 and nobody is admitted (the queue pauses; nobody
/// gets in without a token); it resumes by itself when Redis returns. Joins and polls answer a
/// QueuePlace (api/queuecodec writes it) or the Error that refused them.
class QueueService
{
public:
    /// Signing identity for admission tokens.
    struct TokenIssuer
    {
        const auth::JwtSigner &signer;
        QString issuer;
        QString audience;
    };

    QueueService(db::Database &database,
                 redis::RedisPool &redis,
                 TokenIssuer issuer,
                 QueueConfig config);
    ~QueueService();

    /// POST /events/{id}/queue: one Redis round trip with the per-user and per-IP join limits
    /// (RateLimited over them); an empty `clientIp` is limited per user only. NotFound for an
    /// event without a waiting room, Unavailable while Redis is down.
    Result<QueuePlace> join(const Principal &caller,
                            const QString &eventId,
                            const QString &clientIp = {});
    /// The same join without blocking, for the thread that constructed the service (the HTTP
    /// event loop): when the event's settings are cached, sends the join on a non-blocking
    /// Redis connection and calls `done` from the event loop, true; false (nothing done) when
    /// they are not cached: call join() on a worker then. Throws Error(NotFound) for an event
    /// without a waiting room.
    bool joinAsync(const Principal &caller,
                   const QString &eventId,
                   const QString &clientIp,
                   std::function<void(Result<QueuePlace>)> done);
    /// GET /events/{id}/queue/{queue_id}; another user's id is NotFound.
    Result<QueuePlace> status(const Principal &caller,
                              const QString &eventId,
                              const QString &queueId);
    /// The user leaves the active set of a queued event (hold released, order paid), so the
    /// next one is admitted sooner. Best effort, never throws: if Redis is away the admission's
    /// expiry frees the place instead.
    void leave(const QString &eventId, const QString &user);
    /// Whether `user`'s admission to `eventId` still stands: an admission token is only good
    /// while its holder is in the active set (leaving by paying or releasing ends it, so no more
    /// than max_active hold at once). True while Redis is unreachable (the token's own expiry
    /// is all there is to go by then, and holds are capped in that mode).
    bool admissionLive(const QString &eventId, const QString &user);

    /// How many wait and are admitted on `eventId` now, and the wait at the back at the measured
    /// rate (the settings' admissions per minute before any was measured).
    QueueGlance glance(const QString &eventId, int admitPerMinute);

    /// One admitter step for every queued event (call every config().admitTickMs).
    void tick();
    /// Gives up every lease this instance holds (shutdown).
    void stop();

    /// Cached settings of the event (nullopt: unknown event). Reads PostgreSQL at most once per
    /// settingsCacheMs per event.
    std::optional<db::QueueSettings> settings(const QString &eventId);

    /// Adds the queue's gauges to the metrics registry (the service must outlive scrapes).
    void registerMetrics();

    bool redisUp() const;
    const QueueConfig &config() const { return m_config; }
    QueueMetrics &metrics() { return m_metrics; }

private:
    QueuePlace queuePlace(const Principal &caller,
                          const QString &eventId,
                          const db::QueueSettings &settings,
                          const redis::QueuePlace &stored);
    WaitingPlace waitingPlace(const QString &eventId,
                              const db::QueueSettings &settings,
                              const redis::QueuePlace &place) const;
    db::QueueSettings requireQueued(const QString &eventId);
    /// The cached settings without touching PostgreSQL; nullopt when not cached (or stale).
    std::optional<std::optional<db::QueueSettings>> cachedSettings(const QString &eventId);
    Error rateLimited(qint64 waitMs);
    Result<QueuePlace> answerJoin(const Principal &caller,
                                  const QString &eventId,
                                  const db::QueueSettings &queued,
                                  const std::optional<redis::QueuePlace> &stored);

    db::Database &m_database;
    redis::RedisPool &m_redis;
    std::unique_ptr<redis::QueueStore> m_store;
    std::unique_ptr<redis::RateLimiter> m_limiter;
    std::unique_ptr<redis::AsyncRedis> m_async; // joins from the HTTP thread
    TokenIssuer m_issuer;
    QueueConfig m_config;
    QByteArray m_instance;
    QueueMetrics m_metrics;

    struct CachedSettings
    {
        std::optional<db::QueueSettings> settings;
        qint64 loadedAtMs = 0;
    };
    QMutex m_mutex;
    QHash<QString, CachedSettings> m_settings;
    QHash<QString, QByteArray> m_leases; // event -> our lease value (admitter thread only)
};

} // namespace boxoffice::server::domain
