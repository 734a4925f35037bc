// SPDX-License-Identifier: GPL-3.0-or-later
#include "seatleases.h"

namespace boxoffice::server::redis {

namespace {

// KEYS: the rate limit's user and ip keys, then seat keys. ARGV: the rate limit's four
// arguments, then owner, ttl ms, own prefix. {wait ms} when limited, else {0, indexes of the
// seats others own...}, leasing every seat when there are none.
const Script kAcquireLimited(QByteArrayLiteral(
    "local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) "
    "/ 1000) " BOXOFFICE_LUA_GCRA
    "local wait = gcra(now, KEYS[1], KEYS[2], ARGV[1], ARGV[2], ARGV[3], ARGV[4]) "
    "if wait > 0 then return {wait} end "
    "local out = {0} "
    "for i = 3, #KEYS do local v = redis.call('GET', KEYS[i]) "
    "  if v and v ~= ARGV[5] and string.sub(v, 1, #ARGV[7]) ~= ARGV[7] then "
    "    out[#out + 1] = i - 2 end end "
    "if #out > 1 then return out end "
    "for i = 3, #KEYS do redis.call('SET', KEYS[i], ARGV[5], 'PX', ARGV[6], 'NX') end "
    "return out"));

// KEYS: seat keys. ARGV: from, to, ttl ms.
const Script kTransfer(QByteArrayLiteral(
    "local n = 0 for i, k in ipairs(KEYS) do "
    "  if redis.call('GET', k) == ARGV[1] then redis.call('SET', k, ARGV[2], 'PX', ARGV[3]) "
    "    n = n + 1 end end return n"));

// KEYS: seat keys. ARGV: from, to, ttl ms, then one flag per key ("1": hand over, else delete).
// Only leases still owned by `from` are touched (compare-and-set / compare-and-delete).
const Script kSettle(QByteArrayLiteral(
    "local n = 0 for i, k in ipairs(KEYS) do "
    "  if redis.call('GET', k) == ARGV[1] then "
    "    if ARGV[3 + i] == '1' then redis.call('SET', k, ARGV[2], 'PX', ARGV[3]) n = n + 1 "
    "    else redis.call('DEL', k) end end end return n"));

// KEYS: seat keys. ARGV: owner. Compare-and-delete.
const Script kRelease(QByteArrayLiteral(
    "local n = 0 for i, k in ipairs(KEYS) do "
    "  if redis.call('GET', k) == ARGV[1] then n = n + redis.call('DEL', k) end end return n"));

QList<QByteArray> keys(const QString &eventId, const QStringList &seats)
{
    QList<QByteArray> out;
    for (const QString &seat : seats)
        out.append(SeatLeases::key(eventId, seat));
    return out;
}

} // namespace

QByteArray SeatLeases::key(const QString &eventId, const QString &seat)
{
    return QByteArrayLiteral("hold:{") + eventId.toUtf8() + QByteArrayLiteral("}:") + seat.toUtf8();
}

std::optional<QStringList> SeatLeases::acquire(const QString &eventId,
                                               const QStringList &seats,
                                               const QByteArray &owner,
                                               const QByteArray &ownPrefix,
                                               qint64 ttlMs)
{
    if (seats.isEmpty())
        return QStringList();
    // The same script with both limits off (an interval of 0 never touches its key).
    const auto attempt = acquireLimited(eventId,
                                        seats,
                                        owner,
                                        ownPrefix,
                                        ttlMs,
                                        RateLimiter::keys("lease", {}, {}),
                                        RateLimiter::args(RateLimit{}, RateLimit{}));
    if (!attempt)
        return std::nullopt;
    return attempt->taken;
}

std::optional<LeaseAttempt> SeatLeases::acquireLimited(const QString &eventId,
                                                       const QStringList &seats,
                                                       const QByteArray &owner,
                                                       const QByteArray &ownPrefix,
                                                       qint64 ttlMs,
                                                       const QList<QByteArray> &rateKeys,
                                                       const QList<QByteArray> &rateArgs)
{
    const auto reply = m_pool.eval(kAcquireLimited,
                                   rateKeys + keys(eventId, seats),
                                   rateArgs
                                       + QList<QByteArray>{owner,
                                                           QByteArray::number(
                                                               std::max<qint64>(1, ttlMs)),
                                                           ownPrefix});
    if (!reply || reply->type != Reply::Type::Array || reply->elements.isEmpty())
        return std::nullopt;
    LeaseAttempt out;
    out.waitMs = reply->elements.first().integer;
    for (qsizetype n = 1; n < reply->elements.size(); ++n) {
        const qint64 i = reply->elements.at(n).integer - 1;
        if (i >= 0 && i < seats.size())
            out.taken.append(seats.at(i));
    }
    return out;
}

bool SeatLeases::transfer(const QString &eventId,
                          const QStringList &seats,
                          const QByteArray &from,
                          const QByteArray &to,
                          qint64 ttlMs)
{
    if (seats.isEmpty())
        return true;
    const auto reply = m_pool.eval(kTransfer,
                                   keys(eventId, seats),
                                   {from, to, QByteArray::number(std::max<qint64>(1, ttlMs))});
    return reply && reply->type == Reply::Type::Integer;
}

bool SeatLeases::settle(const QString &eventId,
                        const QStringList &seats,
                        const QStringList &handed,
                        const QByteArray &from,
                        const QByteArray &to,
                        qint64 ttlMs)
{
    if (seats.isEmpty())
        return true;
    QList<QByteArray> args{from, to, QByteArray::number(std::max<qint64>(1, ttlMs))};
    for (const QString &seat : seats)
        args.append(handed.contains(seat) ? QByteArrayLiteral("1") : QByteArrayLiteral("0"));
    const auto reply = m_pool.eval(kSettle, keys(eventId, seats), args);
    return reply && reply->type == Reply::Type::Integer;
}

int SeatLeases::release(const QString &eventId, const QStringList &seats, const QByteArray &owner)
{
    if (seats.isEmpty())
        return 0;
    const auto reply = m_pool.eval(kRelease, keys(eventId, seats), {owner});
    return reply && reply->type == Reply::Type::Integer ? int(reply->integer) : 0;
}

void SeatLeases::forget(const QString &eventId, const QStringList &seats)
{
    if (seats.isEmpty())
        return;
    m_pool.command(QList<QByteArray>{"DEL"} + keys(eventId, seats));
}

} // namespace boxoffice::server::redis
