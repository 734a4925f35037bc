#include "holdgate.h"

#include "holdservice.h"
#include "queueservice.h"
#include "redis/ratelimiter.h"
#include "redis/redispool.h"
#include "redis/seatleases.h"

#include <QJsonArray>
#include <QUuid>

namespace boxoffice::server::domain {

namespace {

// Long enough for the hold transaction; the lease is handed to the hold (with the hold's own
// remaining time) once PostgreSQL said yes.
constexpr qint64 kPendingLeaseMs = 15000;

QByteArray ownerPrefix(const Principal &caller)
{
    return caller.subject.toUtf8() + '|';
}

QStringList strings(const QJsonArray &array)
{
    QStringList out;
    for (const QJsonValue &value : array)
        out.append(value.toString());
    return out;
}

} // namespace

HoldGate::HoldGate(HoldService &holds, QueueService &queue, redis::RedisPool &redis)
    : m_holds(holds)
    , m_queue(queue)
    , m_redis(redis)
    , m_leases(std::make_unique<redis::SeatLeases>(redis))
    , m_limiter(std::make_unique<redis::RateLimiter>(redis))
    , m_degraded(queue.config().degradedHoldConcurrency)
{}

HoldGate::~HoldGate() = default;

std::optional<Error> HoldGate::rateLimit(const QByteArray &scope,
                                         const Principal &caller,
                                         const QString &clientIp)
{
    if (!m_redis.isUp())
        return std::nullopt;
    const QueueConfig &config = m_queue.config();
    const auto waitMs = m_limiter->check(scope,
                                         caller.subject,
                                         config.userLimit,
                                         clientIp.isEmpty() ? QStringLiteral("-") : clientIp,
                                         config.ipLimit);
    if (!waitMs || *waitMs <= 0)
        return std::nullopt;
    ++m_queue.metrics().rateLimited;
    return Error(ErrorCode::RateLimited,
                 QStringLiteral("too many requests; slow down"),
                 QJsonObject{{QStringLiteral("retry_after"), double((*waitMs + 999) / 1000)}});
}

Response HoldGate::create(const Principal &caller,
                          const HoldRequest &request,
                          const std::optional<QString> &idempotencyKey,
                          const QString &clientIp)
{
    if (auto limited = rateLimit(QByteArrayLiteral("hold"), caller, clientIp))
        return Response::fromError(*limited);
    // The waiting-room check before any lease: someone without admission must not be able to
    // block seats in Redis. HoldService checks it again inside the transaction.
    const auto queued = m_queue.settings(request.eventId);
    if (queued && queued->enabled && request.admittedEventId != request.eventId)
        return Response::fromError(
            Error(ErrorCode::AdmissionRequired,
                  QStringLiteral(
                      "this event has a queue: join it and hold with your admission token")));
    if (!queued)
        return m_holds.create(caller, request, idempotencyKey); // 404 (or 400) from the service
    if (m_redis.isUp())
        return createLeased(caller, request, idempotencyKey);
    return createCapped(caller, request, idempotencyKey);
}

Response HoldGate::createCapped(const Principal &caller,
                                const HoldRequest &request,
                                const std::optional<QString> &idempotencyKey)
{
    if (!m_degraded.tryAcquire(1, m_queue.config().degradedWaitMs)) {
        ++m_queue.metrics().degradedRejected;
        return Response::fromError(
            Error(ErrorCode::Unavailable, QStringLiteral("busy: too many holds at once; retry")));
    }
    const QSemaphoreReleaser releaser(m_degraded);
    return m_holds.create(caller, request, idempotencyKey);
}

Response HoldGate::createLeased(const Principal &caller,
                                const HoldRequest &request,
                                const std::optional<QString> &idempotencyKey)
{
    if (!m_queue.config().seatLeases || request.seats.isEmpty())
        return m_holds.create(caller, request, idempotencyKey);
    const QByteArray pending = ownerPrefix(caller) + "pending-"
                               + QUuid::createUuid().toString(QUuid::WithoutBraces).toLatin1();
    const auto taken = m_leases->acquire(request.eventId,
                                         request.seats,
                                         pending,
                                         ownerPrefix(caller),
                                         kPendingLeaseMs);
    if (!taken) // Redis went away just now
        return createCapped(caller, request, idempotencyKey);
    if (!taken->isEmpty()) {
        ++m_queue.metrics().leaseConflicts;
        m_holds.count(QStringLiteral("seat_unavailable"));
        return Response::fromError(Error(
            ErrorCode::SeatUnavailable,
            QStringLiteral("%1 of %2 seats are taken").arg(taken->size()).arg(request.seats.size()),
            QJsonObject{{QStringLiteral("seats"), QJsonArray::fromStringList(*taken)}}));
    }
    Response response = m_holds.create(caller, request, idempotencyKey);
    if (response.status == 201) {
        const QString holdId = response.body.value(u"hold_id").toString();
        const auto expires = QDateTime::fromString(response.body.value(u"expires_at").toString(),
                                                   Qt::ISODateWithMs);
        m_leases->transfer(request.eventId,
                           strings(response.body.value(u"seats").toArray()),
                           pending,
                           ownerPrefix(caller) + holdId.toLatin1(),
                           QDateTime::currentDateTimeUtc().msecsTo(expires));
    }
    // Whatever was not handed to the hold (refused, or other seats replayed) goes at once.
    m_leases->release(request.eventId, request.seats, pending);
    return response;
}

void HoldGate::seatsFreed(const QString &eventId, const QStringList &seats)
{
    m_holds.forgetTaken(eventId, seats);
    m_leases->forget(eventId, seats);
}

Response HoldGate::release(const Principal &caller, const QString &holdId)
{
    const Response before = m_holds.get(caller, holdId);
    Response response = m_holds.release(caller, holdId);
    if (response.status == 204 && before.status == 200) {
        const QString eventId = before.body.value(u"event_id").toString();
        m_leases->release(eventId,
                          strings(before.body.value(u"seats").toArray()),
                          ownerPrefix(caller) + holdId.toLatin1());
        m_queue.leave(eventId, caller.subject);
    }
    return response;
}

} // namespace boxoffice::server::domain
