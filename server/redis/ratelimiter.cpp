#include "ratelimiter.h"

namespace boxoffice::server::redis {

namespace {

// KEYS: user key, ip key. ARGV: interval ms, tolerance ms (user), then (ip); interval 0 = off.
// GCRA: a request is allowed when its theoretical arrival time minus the tolerance has come.
const Script kGcra(QByteArrayLiteral(
    "local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) "
    "/ 1000) "
    "local wait = 0 local next_tat = {} "
    "for i = 1, 2 do local interval = tonumber(ARGV[i * 2 - 1]) "
    "  if interval > 0 then "
    "    local tat = tonumber(redis.call('GET', KEYS[i]) or now) if tat < now then tat = now end "
    "    local new_tat = tat + interval local allow_at = new_tat - tonumber(ARGV[i * 2]) "
    "    if allow_at > now and allow_at - now > wait then wait = allow_at - now end "
    "    next_tat[i] = new_tat end end "
    "if wait > 0 then return math.ceil(wait) end "
    "for i = 1, 2 do if next_tat[i] then "
    "  redis.call('SET', KEYS[i], next_tat[i], 'PX', next_tat[i] - now + 1000) end end "
    "return 0"));

QByteArray interval(const RateLimit &limit)
{
    return limit.perMinute > 0 ? QByteArray::number(60000.0 / limit.perMinute, 'f', 3)
                               : QByteArrayLiteral("0");
}

QByteArray tolerance(const RateLimit &limit)
{
    return limit.perMinute > 0
               ? QByteArray::number(60000.0 / limit.perMinute * std::max(1, limit.burst), 'f', 3)
               : QByteArrayLiteral("0");
}

} // namespace

std::optional<qint64> RateLimiter::check(const QByteArray &scope,
                                         const QString &user,
                                         const RateLimit &userLimit,
                                         const QString &ip,
                                         const RateLimit &ipLimit)
{
    if (userLimit.perMinute <= 0 && ipLimit.perMinute <= 0)
        return 0;
    const QByteArray prefix = QByteArrayLiteral("rl:") + scope;
    const auto reply = m_pool.eval(kGcra,
                                   {prefix + QByteArrayLiteral(":u:") + user.toUtf8(),
                                    prefix + QByteArrayLiteral(":ip:") + ip.toUtf8()},
                                   {interval(userLimit),
                                    tolerance(userLimit),
                                    interval(ipLimit),
                                    tolerance(ipLimit)});
    if (!reply || reply->isError())
        return std::nullopt;
    return reply->type == Reply::Type::Integer ? reply->integer : reply->string.toLongLong();
}

} // namespace boxoffice::server::redis
