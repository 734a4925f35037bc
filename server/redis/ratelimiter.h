// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "redispool.h"

#include <optional>

namespace boxoffice::server::redis {

/// A GCRA limit: `perMinute` sustained with a burst of `burst` requests.
struct RateLimit
{
    int perMinute = 0; ///< 0: unlimited
    int burst = 1;

    /// The emission interval in ms as a script argument ("0": off).
    QByteArray intervalArg() const;
    /// The burst tolerance in ms as a script argument ("0": off).
    QByteArray toleranceArg() const;
};

// Lua defining gcra(now, user_key, ip_key, user_interval, user_tolerance, ip_interval,
// ip_tolerance): 0 when allowed (both buckets then take the request), else the ms to wait.
// Shared by RateLimiter and scripts that check a limit in the same round trip (queue join).
#define BOXOFFICE_LUA_GCRA \
    "local function gcra(now, k1, k2, i1, t1, i2, t2) " \
    "  local keys = {k1, k2} local args = {i1, t1, i2, t2} local wait = 0 local next_tat = {} " \
    "  for i = 1, 2 do local interval = tonumber(args[i * 2 - 1]) " \
    "    if interval > 0 then " \
    "      local tat = tonumber(redis.call('GET', keys[i]) or now) if tat < now then tat = now " \
    "end " \
    "      local new_tat = tat + interval local allow_at = new_tat - tonumber(args[i * 2]) " \
    "      if allow_at > now and allow_at - now > wait then wait = allow_at - now end " \
    "      next_tat[i] = new_tat end end " \
    "  if wait > 0 then return math.ceil(wait) end " \
    "  for i = 1, 2 do if next_tat[i] then " \
    "    redis.call('SET', keys[i], next_tat[i], 'PX', math.ceil(next_tat[i] - now + 1000)) end " \
    "end " \
    "  return 0 end "

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

    /// The two KEYS and four ARGV of one check, for scripts that run gcra() first (in the same
    /// order as check() passes them).
    static QList<QByteArray> keys(const QByteArray &scope, const QString &user, const QString &ip);
    static QList<QByteArray> args(const RateLimit &userLimit, const RateLimit &ipLimit);

private:
    RedisPool &m_pool;
};

} // namespace boxoffice::server::redis
