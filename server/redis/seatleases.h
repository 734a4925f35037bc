// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ratelimiter.h"
#include "redispool.h"

#include <QStringList>

#include <optional>

namespace boxoffice::server::redis {

/// What a rate-limited lease request got: a wait (nothing leased), or the seats others hold
/// (empty: every seat is now leased).
struct LeaseAttempt
{
    qint64 waitMs = 0;
    QStringList taken;
};

/// Per-seat leases `hold:{event}:{seat}` = owner, taken all-or-nothing with NX semantics before
/// the PostgreSQL transaction and released only by compare-and-delete, so a lease that expired
/// and was taken by someone else is never deleted by its former owner. They only ever refuse:
/// PostgreSQL decides, and a missing key grants nothing.
class SeatLeases
{
public:
    explicit SeatLeases(RedisPool &pool)
        : m_pool(pool)
    {}

    /// Takes every free seat for `owner` for `ttlMs`, or none: the seats leased by others come
    /// back (empty = all taken). Leases whose value starts with `ownPrefix` (the same user's
    /// other holds) are no conflict and stay as they are: PostgreSQL answers those (a replay,
    /// or a 409). nullopt when Redis is unreachable.
    std::optional<QStringList> acquire(const QString &eventId,
                                       const QStringList &seats,
                                       const QByteArray &owner,
                                       const QByteArray &ownPrefix,
                                       qint64 ttlMs);
    /// acquire() after a rate-limit check (RateLimiter::keys/args) in the same script: one
    /// round trip for both; nothing is leased when the limit says wait.
    std::optional<LeaseAttempt> acquireLimited(const QString &eventId,
                                               const QStringList &seats,
                                               const QByteArray &owner,
                                               const QByteArray &ownPrefix,
                                               qint64 ttlMs,
                                               const QList<QByteArray> &rateKeys,
                                               const QList<QByteArray> &rateArgs);
    /// Hands the seats owned by `from` over to `to` for `ttlMs` (the hold id, once known).
    bool transfer(const QString &eventId,
                  const QStringList &seats,
                  const QByteArray &from,
                  const QByteArray &to,
                  qint64 ttlMs);
    /// After the hold transaction, in one round trip: the leases of `handed` still owned by
    /// `from` go to `to` for `ttlMs`, the other leases of `seats` still owned by `from` are
    /// deleted. False when Redis is unreachable.
    bool settle(const QString &eventId,
                const QStringList &seats,
                const QStringList &handed,
                const QByteArray &from,
                const QByteArray &to,
                qint64 ttlMs);
    /// Deletes the leases still owned by `owner`; returns how many.
    int release(const QString &eventId, const QStringList &seats, const QByteArray &owner);
    /// Deletes the leases whoever owns them: the seats were freed in PostgreSQL (a refund), so a
    /// lease left from their sold hold must not refuse the next buyer until it times out.
    void forget(const QString &eventId, const QStringList &seats);

    static QByteArray key(const QString &eventId, const QString &seat);

private:
    RedisPool &m_pool;
};

} // namespace boxoffice::server::redis
