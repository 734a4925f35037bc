// SPDX-License-Identifier: GPL-3.0-or-later
#include "queueservice.h"

#include "auth/jwt.h"
#include "db/queuerepository.h"
#include "metrics/registry.h"
#include "redis/asyncredis.h"
#include "redis/queuestore.h"
#include "redis/ratelimiter.h"

#include <QDateTime>
#include <QLoggingCategory>
#include <QMutexLocker>
#include <QUuid>
#include <QtMath>

namespace boxoffice::server::domain {

Q_LOGGING_CATEGORY(lcQueue, "boxoffice.queue")

// The store's view of a place (with Unknown and RateLimited); QueuePlace is the answer.
using StoredPlace = redis::QueuePlace;

namespace {

// No answer from Redis: either it is down (the waiting room pauses for everyone), or this one
// call timed out while Redis is up (the next poll is likely answered: retry in a second).
Error redisFailed(const redis::RedisPool &redis)
{
    if (!redis.isUp())
        return Error(ErrorCode::Unavailable,
                     QStringLiteral(
                         "the waiting room is paused (Redis is unavailable); try again"));
    return Error(ErrorCode::Unavailable,
                 QStringLiteral("the waiting room is busy; try again in a moment"),
                 ErrorDetails{.retryAfterSeconds = 1});
}

db::QueueSettings queuedOrNotFound(const std::optional<db::QueueSettings> &found)
{
    if (!found)
        throw Error(ErrorCode::NotFound, QStringLiteral("no such event"));
    if (!found->enabled)
        throw Error(ErrorCode::NotFound, QStringLiteral("this event has no waiting room"));
    return *found;
}

} // namespace

QueueService::QueueService(db::Database &database,
                           redis::RedisPool &redis,
                           TokenIssuer issuer,
                           QueueConfig config)
    : m_database(database)
    , m_redis(redis)
    , m_store(std::make_unique<redis::QueueStore>(redis))
    , m_limiter(std::make_unique<redis::RateLimiter>(redis))
    , m_async(std::make_unique<redis::AsyncRedis>(redis,
                                                  std::chrono::milliseconds(config.redisTimeoutMs)))
    , m_issuer(std::move(issuer))
    , m_config(config)
    , m_instance(QUuid::createUuid().toString(QUuid::WithoutBraces).toLatin1())
{}

QueueService::~QueueService()
{
    m_async.reset(); // its pending joins are answered (503) while the rest is still alive
}

void QueueService::registerMetrics()
{
    auto &registry = metrics::Registry::instance();
    auto gauge = [&](const char *name, const char *help, std::function<double()> read) {
        registry.callbackGauge(QLatin1String(name), QLatin1String(help), std::move(read));
    };
    gauge("boxoffice_redis_up",
          "1 while Redis answers; 0 (refused, reset, or silent for a while): queue paused, holds "
          "capped.",
          [this] { return m_redis.isUp() ? 1.0 : 0.0; });
    gauge("boxoffice_redis_timeouts",
          "Redis calls not answered in time, each failed alone (503 busy, Retry-After 1).",
          [this] { return double(m_redis.timeouts()); });
    gauge("boxoffice_queue_leader_events", "Events whose admitter this instance leads.", [this] {
        return double(m_metrics.leading.load());
    });
    gauge("boxoffice_queue_joins", "Queue joins answered by this instance.", [this] {
        return double(m_metrics.joins.load());
    });
    gauge("boxoffice_queue_left_early",
          "Users who left an active set before their admission expired (paid, released).",
          [this] { return double(m_metrics.left.load()); });
    gauge("boxoffice_rate_limited", "Requests refused with 429 by this instance.", [this] {
        return double(m_metrics.rateLimited.load());
    });
    gauge("boxoffice_seat_lease_conflicts",
          "Holds refused by a Redis seat lease without touching PostgreSQL.",
          [this] { return double(m_metrics.leaseConflicts.load()); });
    gauge("boxoffice_degraded_holds_refused",
          "Holds refused with 503 by the cap while Redis was down.",
          [this] { return double(m_metrics.degradedRejected.load()); });
}

Error QueueService::rateLimited(qint64 waitMs)
{
    ++m_metrics.rateLimited;
    return Error(ErrorCode::RateLimited,
                 QStringLiteral("too many requests; slow down"),
                 ErrorDetails{.retryAfterSeconds = int((waitMs + 999) / 1000)});
}

QueueGlance QueueService::glance(const QString &eventId, int admitPerMinute)
{
    const auto counts = m_store->counts(eventId);
    if (!counts)
        return {};
    const double rate = counts->ratePerMinute > 0 ? counts->ratePerMinute
                                                  : double(std::max(admitPerMinute, 1));
    return QueueGlance{true,
                       counts->waiting,
                       counts->active,
                       qRound64(counts->ratePerMinute),
                       qint64(qCeil(double(counts->waiting) * 60.0 / rate))};
}

bool QueueService::redisUp() const
{
    return m_redis.isUp();
}

std::optional<db::QueueSettings> QueueService::settings(const QString &eventId)
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    {
        QMutexLocker lock(&m_mutex);
        const auto it = m_settings.constFind(eventId);
        if (it != m_settings.cend() && now - it->loadedAtMs < m_config.settingsCacheMs)
            return it->settings;
    }
    auto loaded = db::QueueRepository::settings(m_database, eventId);
    QMutexLocker lock(&m_mutex);
    if (m_settings.size() > 10000)
        m_settings.clear(); // junk ids must not grow the cache without bound
    m_settings.insert(eventId, CachedSettings{loaded, now});
    return loaded;
}

std::optional<std::optional<db::QueueSettings>> QueueService::cachedSettings(const QString &eventId)
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    QMutexLocker lock(&m_mutex);
    const auto it = m_settings.constFind(eventId);
    if (it != m_settings.cend() && now - it->loadedAtMs < m_config.settingsCacheMs)
        return it->settings;
    return std::nullopt;
}

db::QueueSettings QueueService::requireQueued(const QString &eventId)
{
    return queuedOrNotFound(settings(eventId));
}

QueuePlace QueueService::queuePlace(const Principal &caller,
                                    const QString &eventId,
                                    const db::QueueSettings &settings,
                                    const StoredPlace &stored)
{
    QueuePlace out;
    out.queueId = stored.queueId;
    out.eventId = eventId;
    if (stored.state == StoredPlace::State::Admitted) {
        const qint64 untilSecs = stored.admittedUntilMs / 1000;
        out.state = QueuePlace::State::Admitted;
        out.admissionToken = m_issuer.signer.sign(auth::admissionClaims(caller.subject,
                                                                        eventId,
                                                                        m_issuer.issuer,
                                                                        m_issuer.audience,
                                                                        untilSecs));
        out.admissionExpires = QDateTime::fromSecsSinceEpoch(untilSecs, Qt::UTC);
    } else if (stored.state == StoredPlace::State::Expired) {
        out.state = QueuePlace::State::Expired;
    } else {
        out.waiting = waitingPlace(eventId, settings, stored);
    }
    return out;
}

WaitingPlace QueueService::waitingPlace(const QString &eventId,
                                        const db::QueueSettings &settings,
                                        const StoredPlace &place) const
{
    // The ETA uses the measured rate once there is one, the configured rate before.
    const double perMinute = place.ratePerMinute > 0.1 ? place.ratePerMinute
                                                       : double(settings.admitPerMinute);
    double eta = double(place.ahead + 1) * 60.0 / std::max(perMinute, 0.1);
    const qint64 untilOnSale = settings.onSaleAt.isValid()
                                   ? settings.onSaleAt.toSecsSinceEpoch()
                                         - QDateTime::currentSecsSinceEpoch()
                                   : 0;
    if (untilOnSale > 0)
        eta += double(untilOnSale);
    // Poll often near the front, rarely far back: a quarter of the ETA, 1 to 30 s.
    const int retryAfter = int(std::clamp(eta / 4.0, 1.0, 30.0));
    return {place.queueId,
            eventId,
            place.ahead + 1,
            place.ahead,
            qint64(qCeil(eta)),
            retryAfter,
            untilOnSale > 0 ? settings.onSaleAt.toString(Qt::ISODate) : QString()};
}

Result<QueuePlace> QueueService::join(const Principal &caller,
                                      const QString &eventId,
                                      const QString &clientIp)
{
    return resultOf([&] {
        auto cached = cachedSettings(eventId);
        if (!cached) {
            // A PostgreSQL read follows (first join in a while, or a junk id): the rate limits
            // come first so nobody floods the database with made-up event ids.
            const auto waitMs = m_limiter->check(QByteArrayLiteral("queue"),
                                                 caller.subject,
                                                 m_config.userLimit,
                                                 clientIp.isEmpty() ? QStringLiteral("-") : clientIp,
                                                 clientIp.isEmpty() ? redis::RateLimit{}
                                                                    : m_config.ipLimit);
            if (!waitMs)
                throw redisFailed(m_redis);
            if (*waitMs > 0)
                throw rateLimited(*waitMs);
            cached = settings(eventId);
        }
        const db::QueueSettings queued = queuedOrNotFound(*cached);
        const bool early = QDateTime::currentDateTimeUtc() < queued.onSaleAt;
        // The rate limits run in the join's own script: one Redis round trip per join.
        const auto stored = m_store->join(eventId,
                                          caller.subject,
                                          early,
                                          {m_config.userLimit, m_config.ipLimit, clientIp});
        return answerJoin(caller, eventId, queued, stored).value();
    });
}

bool QueueService::joinAsync(const Principal &caller,
                             const QString &eventId,
                             const QString &clientIp,
                             std::function<void(Result<QueuePlace>)> done)
{
    const auto cached = cachedSettings(eventId);
    if (!cached)
        return false;
    const db::QueueSettings queued = queuedOrNotFound(*cached);
    const bool early = QDateTime::currentDateTimeUtc() < queued.onSaleAt;
    redis::QueueStore::join(*m_async,
                            eventId,
                            caller.subject,
                            early,
                            {m_config.userLimit, m_config.ipLimit, clientIp},
                            [this, caller, eventId, queued, done = std::move(done)](
                                std::optional<StoredPlace> stored) {
                                done(answerJoin(caller, eventId, queued, stored));
                            });
    return true;
}

Result<QueuePlace> QueueService::answerJoin(const Principal &caller,
                                            const QString &eventId,
                                            const db::QueueSettings &queued,
                                            const std::optional<StoredPlace> &stored)
{
    if (!stored)
        return redisFailed(m_redis);
    if (stored->state == StoredPlace::State::RateLimited)
        return rateLimited(stored->retryAfterMs);
    ++m_metrics.joins;
    return queuePlace(caller, eventId, queued, *stored);
}

Result<QueuePlace> QueueService::status(const Principal &caller,
                                        const QString &eventId,
                                        const QString &queueId)
{
    return resultOf([&] {
        const db::QueueSettings queued = requireQueued(eventId);
        if (queueId.isEmpty() || queueId.size() > 64)
            throw Error(ErrorCode::NotFound, QStringLiteral("no such place in the queue"));
        const auto stored = m_store->status(eventId, caller.subject, queueId);
        if (!stored)
            throw redisFailed(m_redis);
        if (stored->state == StoredPlace::State::Unknown)
            throw Error(ErrorCode::NotFound, QStringLiteral("no such place in the queue"));
        return queuePlace(caller, eventId, queued, *stored);
    });
}

bool QueueService::admissionLive(const QString &eventId, const QString &user)
{
    if (!m_redis.isUp())
        return true;
    try {
        return m_store->isActive(eventId, user).value_or(true);
    } catch (const std::exception &error) {
        qCWarning(lcQueue) << "admission check" << eventId << user << "failed:" << error.what();
        return true;
    }
}

void QueueService::leave(const QString &eventId, const QString &user)
{
    // Best effort: a failure here (Redis or PostgreSQL away) only means the place is freed when
    // the admission expires instead of now.
    try {
        const auto queued = settings(eventId);
        if (!queued || !queued->enabled || !m_redis.isUp())
            return;
        if (m_store->leave(eventId, user))
            ++m_metrics.left;
    } catch (const std::exception &error) {
        qCWarning(lcQueue) << "leave" << eventId << user << "failed:" << error.what();
    }
}

void QueueService::tick()
{
    const auto events = m_store->events();
    if (!events) {
        if (!m_redis.isUp()) {
            m_leases.clear(); // our leases run out while Redis is away; take them again later
            m_metrics.leading = 0;
        }
        return; // a slow answer: the leases are still ours, renewed next tick
    }
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (const QString &eventId : *events) {
        const auto queued = settings(eventId);
        if (!queued || !queued->enabled || now < queued->onSaleAt)
            continue;
        QByteArray lease = m_leases.value(eventId);
        if (!lease.isEmpty()) {
            const auto renewed = m_store->renewLeader(eventId, lease, m_config.leaseTtlMs);
            if (!renewed || !*renewed)
                lease.clear();
        }
        if (lease.isEmpty()) {
            const auto taken = m_store->acquireLeader(eventId, m_instance, m_config.leaseTtlMs);
            lease = taken.value_or(QByteArray());
        }
        if (lease.isEmpty()) {
            m_leases.remove(eventId);
            continue;
        }
        const auto step = m_store->admit(eventId,
                                         lease,
                                         queued->admitPerMinute,
                                         queued->maxActive,
                                         m_config.admissionSeconds * 1000);
        if (!step || step->fenced) {
            m_leases.remove(eventId);
            continue;
        }
        m_leases.insert(eventId, lease);
        m_metrics.admitted += step->admitted;
        static auto &waitSeconds = metrics::Registry::instance()
                                       .histogram(QStringLiteral("boxoffice_queue_wait_seconds"),
                                                  QStringLiteral(
                                                      "Time from joining the queue to admission."),
                                                  {},
                                                  {1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600});
        static auto &admittedTotal = metrics::Registry::instance().counter(
            QStringLiteral("boxoffice_queue_admitted_total"),
            QStringLiteral("Users admitted from waiting rooms by this instance."));
        admittedTotal.add(step->admitted);
        for (const qint64 waitMs : step->waitsMs)
            waitSeconds.observe(double(waitMs) / 1000.0);
        if (step->admitted > 0)
            qCDebug(lcQueue) << "admitted" << step->admitted << "to" << eventId << "active"
                             << step->active << "waiting" << step->waiting;
    }
    m_metrics.leading = int(m_leases.size());
}

void QueueService::stop()
{
    for (auto it = m_leases.cbegin(); it != m_leases.cend(); ++it)
        m_store->releaseLeader(it.key(), it.value());
    m_leases.clear();
}

} // namespace boxoffice::server::domain
