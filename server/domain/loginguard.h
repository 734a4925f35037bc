// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "redis/ratelimiter.h"

#include <QString>

#include <atomic>

namespace boxoffice::server::redis {
class RedisPool;
}

namespace boxoffice::server::domain {

/// Sign-in and registration limits, in Redis so every instance shares them: a rate per client
/// address and per account, and a lockout of the account after repeated failures (429 with
/// Retry-After either way). While Redis is away the limits are off; the password pool's own
/// bound still caps the work.
class LoginGuard
{
public:
    struct Options
    {
        redis::RateLimit perAddress{30, 10};
        redis::RateLimit perAccount{10, 5};
        int lockoutFailures = 10;       ///< failures within the window that lock the account
        int failureWindowSeconds = 900; ///< how long failures are remembered
        int lockoutSeconds = 900;
        /// BOXOFFICE_LOGIN_IP_PER_MINUTE, _IP_BURST, _ACCOUNT_PER_MINUTE, _ACCOUNT_BURST,
        /// _LOCKOUT_FAILURES, _FAILURE_WINDOW_SECONDS, _LOCKOUT_SECONDS.
        static Options fromEnvironment();
    };

    LoginGuard(redis::RedisPool &redis, Options options);

    /// Throws Error(RateLimited) with `retry_after` when `address` or `account` is over its
    /// rate, or `account` is locked out. `scope` keeps sign-in and registration apart.
    void admit(const QByteArray &scope, const QString &address, const QString &account);
    /// A wrong password for `account`: may lock it.
    void failed(const QString &account);
    /// A right one: its failures are forgotten.
    void succeeded(const QString &account);
    /// Lockouts started by this instance (also boxoffice_login_lockouts_total in /metrics).
    qint64 lockouts() const { return m_lockouts.load(); }
    /// Registers boxoffice_login_lockouts_total and _refused_total (counters) in /metrics.
    void registerMetrics();

private:
    redis::RedisPool &m_redis;
    redis::RateLimiter m_limiter;
    Options m_options;
    std::atomic<qint64> m_lockouts = 0;
    std::atomic<qint64> m_refused = 0;
};

} // namespace boxoffice::server::domain
