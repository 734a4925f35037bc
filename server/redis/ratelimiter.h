#pragma once

#include "redispool.h"

#include <optional>

namespace boxoffice::server::redis {

/// A GCRA limit: `perMinute` sustained with a burst of `burst` requests.
struct RateLimit
{
    int perMinute = 0; ///< 0: unlimited
    int burst = 1;
};

/// GCRA rate limits in one Lua script over Redis' clock, so every instance shares them. Checks
/// a per-user and a per-IP key at once; a request counts against both only when both allow it.
class RateLimiter
{
public:
    explicit RateLimiter(RedisPool &pool)
        : m_pool(pool)
    {}

    /// 0 when allowed, otherwise the milliseconds until it would be; nullopt when Redis is
    /// unreachable.
    std::optional<qint64> check(const QByteArray &scope,
                                const QString &user,
                                const RateLimit &userLimit,
                                const QString &ip,
                                const RateLimit &ipLimit);

private:
    RedisPool &m_pool;
};

} // namespace boxoffice::server::redis
