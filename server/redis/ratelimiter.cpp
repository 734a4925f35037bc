#include "ratelimiter.h"

namespace boxoffice::server::redis {

namespace {

// KEYS: user key, ip key. ARGV: interval ms, tolerance ms (user), then (ip); interval 0 = off.
// GCRA: a request is allowed when its theoretical arrival time minus the tolerance has come.
const Script kGcra(QByteArrayLiteral(
    "local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) "
    "/ 1000) " BOXOFFICE_LUA_GCRA
    "return gcra(now, KEYS[1], KEYS[2], ARGV[1], ARGV[2], ARGV[3], ARGV[4])"));

} // namespace

QByteArray RateLimit::intervalArg() const
{
    return perMinute > 0 ? QByteArray::number(60000.0 / perMinute, 'f', 3) : QByteArrayLiteral("0");
}

QByteArray RateLimit::toleranceArg() const
{
    return perMinute > 0 ? QByteArray::number(60000.0 / perMinute * std::max(1, burst), 'f', 3)
                         : QByteArrayLiteral("0");
}

std::optional<qint64> RateLimiter::check(const QByteArray &scope,
                                         const QString &user,
                                         const RateLimit &userLimit,
                                         const QString &ip,
                                         const RateLimit &ipLimit)
{
    if (userLimit.perMinute <= 0 && ipLimit.perMinute <= 0)
        return 0;
    const auto reply = m_pool.eval(kGcra, keys(scope, user, ip), args(userLimit, ipLimit));
    if (!reply || reply->isError())
        return std::nullopt;
    return reply->type == Reply::Type::Integer ? reply->integer : reply->string.toLongLong();
}

QList<QByteArray> RateLimiter::keys(const QByteArray &scope, const QString &user, const QString &ip)
{
    const QByteArray prefix = QByteArrayLiteral("rl:") + scope;
    return {prefix + QByteArrayLiteral(":u:") + user.toUtf8(),
            prefix + QByteArrayLiteral(":ip:") + ip.toUtf8()};
}

QList<QByteArray> RateLimiter::args(const RateLimit &userLimit, const RateLimit &ipLimit)
{
    return {userLimit.intervalArg(),
            userLimit.toleranceArg(),
            ipLimit.intervalArg(),
            ipLimit.toleranceArg()};
}

} // namespace boxoffice::server::redis
