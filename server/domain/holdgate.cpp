// SPDX-License-Identifier: GPL-3.0-or-later
#include "holdgate.h"

#include "holdservice.h"
#include "metrics/registry.h"
#include "queueservice.h"
#include "redis/leasesettler.h"
#include "redis/ratelimiter.h"
#include "redis/redispool.h"
#include "redis/seatleases.h"
#include "serverclock.h"

#include <QUuid>

namespace boxoffice::server::domain {

namespace {

// Long enough for the hold transaction; the lease gets the hold's own remaining time once
// PostgreSQL said yes.
constexpr qint64 kPendingLeaseMs = 15000;

QByteArray ownerPrefix(const Principal &caller)
{
    return caller.subject.toUtf8() + '|';
}

} // namespace

HoldGate::HoldGate(HoldService &holds, QueueService &queue, redis::RedisPool &redis)
    : m_holds(holds)
    , m_queue(queue)
    , m_redis(redis)
    , m_leases(std::make_unique<redis::SeatLeases>(redis))
    , m_limiter(std::make_unique<redis::RateLimiter>(redis))
    , m_settler(std::make_unique<redis::LeaseSettler>(redis.url(),
                                                      std::chrono::milliseconds(
                                                          queue.config().redisTimeoutMs),
                                                      std::chrono::milliseconds(
                                                          queue.config().leaseSettleMs)))
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
                                         // No address known: no shared "-" bucket for all.
                                         clientIp.isEmpty() ? redis::RateLimit{} : config.ipLimit);
    if (!waitMs || *waitMs <= 0)
        return std::nullopt;
    return rateLimited(*waitMs);
}

Error HoldGate::rateLimited(qint64 waitMs)
{
    ++m_queue.metrics().rateLimited;
    return Error(ErrorCode::RateLimited,
                 QStringLiteral("too many requests; slow down"),
                 ErrorDetails{.retryAfterSeconds = int((waitMs + 999) / 1000)});
}

bool HoldGate::answersFromMemory(const HoldRequest &request,
                                 const std::optional<QString> &idempotencyKey)
{
    // A keyed request may have a stored answer to replay: the database decides those, and an
    // allocation's seats are blocked to everyone but the counter's allocation holds and those
    // a code opens.
    if (idempotencyKey || request.seats.isEmpty() || !request.allocation.isEmpty()
        || !request.voucher.isEmpty())
        return false;
    if (request.admittedEventId == request.eventId)
        return true;
    QMutexLocker locker(&m_openMutex);
    const auto open = m_openUntil.constFind(request.eventId);
    return open != m_openUntil.constEnd() && !open->hasExpired(); // else maybe queued
}

std::optional<Error> HoldGate::refuseOrClaim(const Principal &caller, const HoldRequest &request)
{
    if (!answersFromMemory(request, std::nullopt))
        return std::nullopt;
    if (auto refused = refuseKnown(caller, request))
        return refused;
    m_inFlight.mark(request.eventId, request.seats, kPendingLeaseMs, caller.subject);
    return std::nullopt;
}

std::optional<Error> HoldGate::refuseFromMemory(const Principal &caller,
                                                const HoldRequest &request,
                                                const std::optional<QString> &idempotencyKey)
{
    if (!answersFromMemory(request, idempotencyKey))
        return std::nullopt; // create() answers admission_required, or the database decides
    return refuseKnown(caller, request);
}

std::optional<Error> HoldGate::refuseKnown(const Principal &caller, const HoldRequest &request)
{
    QStringList taken = m_holds.takenFromMemory(request.eventId, request.seats);
    // The caller's own claims are no conflict: they are this request's (or a twin's).
    for (const QString &seat : m_inFlight.taken(request.eventId, request.seats, caller.subject)) {
        if (!taken.contains(seat))
            taken.append(seat);
    }
    if (taken.isEmpty())
        return std::nullopt;
    std::sort(taken.begin(), taken.end());
    m_holds.count(QStringLiteral("seat_unavailable"));
    return Error(ErrorCode::SeatUnavailable,
                 QStringLiteral("%1 of %2 seats are taken")
                     .arg(taken.size())
                     .arg(request.seats.size()),
                 ErrorDetails{.seats = taken});
}

Result<Hold> HoldGate::create(const Principal &caller,
                              const HoldRequest &request,
                              const std::optional<QString> &idempotencyKey,
                              const QString &clientIp)
{
    // Whatever the answer, the caller's claims on these seats end with it (a hold made now is
    // in the taken seats; a refusal frees them for the next buyer at once).
    struct Unclaim
    {
        SeatLeaseCache &cache;
        const HoldRequest &request;
        const QString &owner;
        ~Unclaim() { cache.forget(request.eventId, request.seats, owner); }
    } unclaim{m_inFlight, request, caller.subject};
    return createUnclaimed(caller, request, idempotencyKey, clientIp);
}

Result<Hold> HoldGate::createUnclaimed(const Principal &caller,
                                       const HoldRequest &request,
                                       const std::optional<QString> &idempotencyKey,
                                       const QString &clientIp)
{
    // A clerk's hold on an allocation's seats: staff at the counter, so no waiting room, rate
    // limit or leases (the seats are blocked to everyone else until this hold takes them).
    if (!request.allocation.isEmpty())
        return m_holds.create(caller, request, idempotencyKey);
    if (auto refused = refuseFromMemory(caller, request, idempotencyKey))
        return *refused;
    // The waiting-room check before any lease: someone without admission must not be able to
    // block seats in Redis. HoldService checks it again inside the transaction.
    const auto queued = m_queue.settings(request.eventId);
    // Early buyers are told so before any lease or transaction (the database's trigger is the
    // rule; this cached check only spares it the work).
    if (queued && queued->onSaleAt.isValid() && serverNowUtc() < queued->onSaleAt)
        return Error(ErrorCode::NotOnSale,
                     QStringLiteral("the sale of this event has not opened yet"),
                     ErrorDetails{.onSaleAt = queued->onSaleAt.toUTC().toString(Qt::ISODate)});
    // A token admits only while its holder is still in the active set (paying or releasing
    // leaves it): one Redis round trip, on queued events only.
    const bool admitted = !queued || !queued->enabled
                          || (request.admittedEventId == request.eventId
                              && m_queue.admissionLive(request.eventId, caller.subject));
    // A leased hold checks its rate limit in the leasing script (one Redis round trip less).
    // Seats a code opens are blocked to all others: no lease, the database decides.
    const bool leased = queued && admitted && m_redis.isUp() && m_queue.config().seatLeases
                        && !request.seats.isEmpty() && request.voucher.isEmpty();
    if (!leased) {
        if (auto limited = rateLimit(QByteArrayLiteral("hold"), caller, clientIp))
            return *limited;
    }
    if (!admitted)
        return Error(ErrorCode::AdmissionRequired,
                     QStringLiteral(
                         "this event has a queue: join it and hold with your admission token"));
    if (!queued)
        return m_holds.create(caller, request, idempotencyKey); // 404 (or 400) from the service
    if (!queued->enabled) {
        // As fresh as the settings cache: the fast lane may skip the queue check for as long.
        QMutexLocker locker(&m_openMutex);
        if (m_openUntil.size() > 10000)
            m_openUntil.clear();
        m_openUntil.insert(request.eventId, QDeadlineTimer(m_queue.config().settingsCacheMs));
    }
    if (leased)
        return createLeased(caller, request, idempotencyKey, clientIp);
    if (m_redis.isUp())
        return m_holds.create(caller, request, idempotencyKey); // GA, or leases turned off
    return createCapped(caller, request, idempotencyKey);
}

Result<Hold> HoldGate::createCapped(const Principal &caller,
                                    const HoldRequest &request,
                                    const std::optional<QString> &idempotencyKey)
{
    if (!m_degraded.tryAcquire(1, m_queue.config().degradedWaitMs)) {
        ++m_queue.metrics().degradedRejected;
        return Error(ErrorCode::Unavailable, QStringLiteral("busy: too many holds at once; retry"));
    }
    const QSemaphoreReleaser releaser(m_degraded);
    return m_holds.create(caller, request, idempotencyKey);
}

Result<Hold> HoldGate::createLeased(const Principal &caller,
                                    const HoldRequest &request,
                                    const std::optional<QString> &idempotencyKey,
                                    const QString &clientIp)
{
    // The hold's id is chosen before the lease, so the lease is the hold's from the start:
    // DELETE /holds finds it whether or not the settle below has run yet.
    const QString holdId = QUuid::createUuid().toString(QUuid::WithoutBraces);
    const QByteArray owner = ownerPrefix(caller) + holdId.toLatin1();
    const QueueConfig &config = m_queue.config();
    const auto attempt
        = m_leases->acquireLimited(request.eventId,
                                   request.seats,
                                   owner,
                                   ownerPrefix(caller),
                                   kPendingLeaseMs,
                                   redis::RateLimiter::keys(QByteArrayLiteral("hold"),
                                                            caller.subject,
                                                            clientIp.isEmpty() ? QStringLiteral("-")
                                                                               : clientIp),
                                   redis::RateLimiter::args(config.userLimit,
                                                            clientIp.isEmpty() ? redis::RateLimit{}
                                                                               : config.ipLimit));
    if (!attempt) // Redis went away just now
        return createCapped(caller, request, idempotencyKey);
    if (attempt->waitMs > 0)
        return rateLimited(attempt->waitMs);
    const QStringList &taken = attempt->taken;
    if (!taken.isEmpty()) {
        ++m_queue.metrics().leaseConflicts;
        m_holds.count(QStringLiteral("seat_unavailable"));
        return Error(ErrorCode::SeatUnavailable,
                     QStringLiteral("%1 of %2 seats are taken")
                         .arg(taken.size())
                         .arg(request.seats.size()),
                     ErrorDetails{.seats = taken});
    }
    // While the transaction runs, this instance refuses the seats from memory as the lease
    // does in Redis (the fast lane never waits for PostgreSQL behind a winner).
    m_inFlight.mark(request.eventId, request.seats, kPendingLeaseMs, caller.subject);
    const Result<Hold> hold = [&] {
        try {
            return m_holds.create(caller, request, idempotencyKey, holdId);
        } catch (...) {
            m_settler->release(request.eventId, request.seats, owner); // the database is failing
            throw;
        }
    }();
    // A refusal frees its seats before it is answered: the next buyer, who may ask as soon as
    // this answer is out, must not be refused by a lease nobody holds (a rare round trip: most
    // conflicts are answered from memory or by the lease itself, before PostgreSQL).
    if (!hold) {
        m_leases->release(request.eventId, request.seats, owner);
        return hold;
    }
    // A new hold's leases get its time without waiting (they are the hold's already, so a
    // DELETE /holds that reaches Redis first stands: only leases still `owner`'s are touched).
    // The time left is the database's: this server's clock may not agree with it.
    if (hold->id == holdId) {
        m_settler->extend(request.eventId, request.seats, owner, hold->remainingMs);
        return hold;
    }
    // A replayed answer (or the chosen id was taken): the hold's seats go to that hold before
    // the answer, and the rest is released, in one round trip.
    m_leases->settle(request.eventId,
                     request.seats,
                     hold->seats,
                     owner,
                     ownerPrefix(caller) + hold->id.toLatin1(),
                     hold->remainingMs);
    return hold;
}

void HoldGate::registerMetrics()
{
    auto &registry = metrics::Registry::instance();
    registry.callbackGauge(QStringLiteral("boxoffice_seat_lease_settles"),
                           QStringLiteral("Created holds' lease settles written to Redis."),
                           [this] { return double(m_settler->written()); });
    registry.callbackGauge(QStringLiteral("boxoffice_seat_lease_settles_dropped"),
                           QStringLiteral("Lease settles dropped (Redis unreachable): those "
                                          "leases lapse after 15 s."),
                           [this] { return double(m_settler->dropped()); });
}

void HoldGate::seatsFreed(const QString &eventId, const QStringList &seats)
{
    m_holds.forgetTaken(eventId, seats);
    m_leases->forget(eventId, seats);
}

Result<Hold> HoldGate::release(const Principal &caller, const QString &holdId)
{
    Result<Hold> released = m_holds.release(caller, holdId);
    if (released) {
        m_leases->release(released->eventId,
                          released->seats,
                          ownerPrefix(caller) + holdId.toLatin1());
        m_queue.leave(released->eventId, caller.subject);
    }
    return released;
}

} // namespace boxoffice::server::domain
