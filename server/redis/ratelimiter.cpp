// SPDX-License-Identifier: GPL-3.0-or-later
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

namespace {

// Milliseconds with three decimals ("8571.429"), through integers: general double formatting
// cost more than the rest of a queue join's arguments.
QByteArray millisArg(double ms)
{
    const qint64 thousandths = qRound64(ms * 1000.0);
    const int fraction = int(thousandths % 1000);
    QByteArray out = QByteArray::number(thousandths / 1000);
    out += '.';
    out += char('0' + fraction / 100);
    out += char('0' + fraction / 10 % 10);
    out += char('0' + fraction % 10);
    return out;
}

} // namespace

QByteArray RateLimit::intervalArg() const
{
    return perMinute > 0 ? millisArg(60000.0 / perMinute) : QByteArrayLiteral("0");
}

QByteArray RateLimit::toleranceArg() const
{
    return perMinute > 0 ? millisArg(60000.0 / perMinute * std::max(1, burst))
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
