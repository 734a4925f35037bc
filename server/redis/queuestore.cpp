// SPDX-License-Identifier: GPL-3.0-or-later
#include "queuestore.h"

#include "asyncredis.h"

#include <QRandomGenerator>
#include <QUuid>

namespace boxoffice::server::redis {

namespace {

QByteArray key(const QString &eventId, const char *suffix)
{
    return QByteArrayLiteral("q:{") + eventId.toUtf8() + QByteArrayLiteral("}:") + suffix;
}

const QByteArray kEvents = QByteArrayLiteral("q:events");

// Shared Lua prelude: Redis' clock in ms.
#define LUA_NOW \
    "local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) " \
    "/ 1000) "

// KEYS: wait, ids, owners, seq, active, stats, events, joined, user rate key, ip rate key.
// ARGV: user, new queue id, early, random, event id, then the user's and the IP's GCRA interval
// and tolerance. The rate limit and the join are one round trip. Early arrivals score in
// [0, 1e9) at random, later ones 1e12 + sequence. A rejoin (the common case under load) only
// reads: the event is registered for the admitter when someone is added to its waiting set.
const Script kJoin(QByteArrayLiteral(
    LUA_NOW BOXOFFICE_LUA_GCRA
    "local wait_ms = gcra(now, KEYS[9], KEYS[10], ARGV[6], ARGV[7], ARGV[8], ARGV[9]) "
    "if wait_ms > 0 then return {'', 'limited', wait_ms, '0', '0'} end "
    "local qid = redis.call('HGET', KEYS[2], ARGV[1]) "
    "if not qid then qid = ARGV[2] redis.call('HSET', KEYS[2], ARGV[1], qid) "
    "  redis.call('HSET', KEYS[3], qid, ARGV[1]) end "
    "local until_ms = redis.call('ZSCORE', KEYS[5], ARGV[1]) "
    "if until_ms and tonumber(until_ms) > now then "
    "  return {qid, 'admitted', 0, until_ms, redis.call('HGET', KEYS[6], 'rate') or '0'} end "
    "local rank = redis.call('ZRANK', KEYS[1], ARGV[1]) "
    "if not rank then "
    "  local score "
    "  if ARGV[3] == '1' then score = tonumber(ARGV[4]) "
    "  else score = 1000000000000 + redis.call('INCR', KEYS[4]) end "
    "  redis.call('ZADD', KEYS[1], 'NX', score, ARGV[1]) "
    "  redis.call('HSETNX', KEYS[8], ARGV[1], now) "
    "  redis.call('SADD', KEYS[7], ARGV[5]) "
    "  rank = redis.call('ZRANK', KEYS[1], ARGV[1]) end "
    "return {qid, 'waiting', rank, '0', redis.call('HGET', KEYS[6], 'rate') or '0'}"));

// KEYS: wait, owners, active, stats. ARGV: user, queue id.
const Script kStatus(QByteArrayLiteral(
    LUA_NOW "if redis.call('HGET', KEYS[2], ARGV[2]) ~= ARGV[1] then return {'unknown'} end "
            "local rate = redis.call('HGET', KEYS[4], 'rate') or '0' "
            "local until_ms = redis.call('ZSCORE', KEYS[3], ARGV[1]) "
            "if until_ms and tonumber(until_ms) > now then "
            "  return {'admitted', 0, until_ms, rate} end "
            "local rank = redis.call('ZRANK', KEYS[1], ARGV[1]) "
            "if rank then return {'waiting', rank, '0', rate} end "
            "return {'expired', 0, '0', rate}"));

// KEYS: active. ARGV: user. 1 while the user's admission lasts (left or expired: 0).
const Script kIsActive(QByteArrayLiteral(
    LUA_NOW "local until_ms = redis.call('ZSCORE', KEYS[1], ARGV[1]) "
            "if until_ms and tonumber(until_ms) > now then return 1 end return 0"));

// KEYS: wait, active, stats. How many wait, how many are admitted now, the measured rate.
const Script kCounts(QByteArrayLiteral(LUA_NOW "return {redis.call('ZCARD', KEYS[1]),"
                                               " redis.call('ZCOUNT', KEYS[2], '(' .. now, '+inf'),"
                                               " redis.call('HGET', KEYS[3], 'rate') or '0'}"));

// KEYS: leader, fence. ARGV: instance, ttl ms. The value carries a fencing token that grows
// with every new leader.
const Script kAcquire(
    QByteArrayLiteral("if redis.call('EXISTS', KEYS[1]) == 1 then return false end "
                      "local value = ARGV[1] .. ':' .. redis.call('INCR', KEYS[2]) "
                      "redis.call('SET', KEYS[1], value, 'PX', ARGV[2]) return value"));

// KEYS: lease. ARGV: value, ttl ms.
const Script kRenew(
    QByteArrayLiteral("if redis.call('GET', KEYS[1]) == ARGV[1] then "
                      "  redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end return 0"));

// KEYS: lease. ARGV: value.
const Script kCompareDelete(QByteArrayLiteral("if redis.call('GET', KEYS[1]) == ARGV[1] then "
                                              "return redis.call('DEL', KEYS[1]) end return 0"));

// KEYS: wait, active, stats, leader, joined. ARGV: lease, rate per minute, max active, admission ms.
// Credit accrues with Redis' clock, so a new leader continues where the old one stopped; at most
// one step's worth (plus the fraction) is banked, so a full house never builds a burst.
const Script kAdmit(QByteArrayLiteral(
    LUA_NOW "if redis.call('GET', KEYS[4]) ~= ARGV[1] then return {-1, 0, 0, 0} end "
            "redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now) "
            "local rate = tonumber(ARGV[2]) "
            "local last = tonumber(redis.call('HGET', KEYS[3], 'last_ms') or now) "
            "local credit = tonumber(redis.call('HGET', KEYS[3], 'credit') or '0') "
            "local elapsed = now - last if elapsed < 0 then elapsed = 0 end "
            "if elapsed > 5000 then elapsed = 5000 end "
            "credit = credit + rate * elapsed / 60000 "
            "local waiting = redis.call('ZCARD', KEYS[1]) "
            "local room = tonumber(ARGV[3]) - redis.call('ZCARD', KEYS[2]) "
            "local n = math.floor(credit) if n > room then n = room end "
            "if n > waiting then n = waiting end "
            "local admitted = 0 local waits = {} "
            "if n > 0 then local popped = redis.call('ZPOPMIN', KEYS[1], n) "
            "  for i = 1, #popped, 2 do "
            "    redis.call('ZADD', KEYS[2], now + tonumber(ARGV[4]), popped[i]) "
            "    local joined = redis.call('HGET', KEYS[5], popped[i]) "
            "    redis.call('HDEL', KEYS[5], popped[i]) "
            "    waits[#waits + 1] = now - tonumber(joined or now) "
            "    admitted = admitted + 1 end end "
            "credit = credit - admitted "
            "local cap = rate / 60 + 1 if credit > cap then credit = cap end "
            "if waiting > 0 and elapsed > 0 then "
            "  local inst = admitted * 60000 / elapsed "
            "  local old = tonumber(redis.call('HGET', KEYS[3], 'rate') or inst) "
            "  redis.call('HSET', KEYS[3], 'rate', tostring(old * 0.8 + inst * 0.2)) end "
            "redis.call('HSET', KEYS[3], 'last_ms', now, 'credit', tostring(credit)) "
            "return {admitted, redis.call('ZCARD', KEYS[2]), waiting - admitted, waits}"));

qint64 toInt(const Reply &reply)
{
    return reply.type == Reply::Type::Integer ? reply.integer : reply.string.toLongLong();
}

QueuePlace::State stateOf(const QByteArray &text)
{
    if (text == "waiting")
        return QueuePlace::State::Waiting;
    if (text == "admitted")
        return QueuePlace::State::Admitted;
    if (text == "expired")
        return QueuePlace::State::Expired;
    return QueuePlace::State::Unknown;
}

} // namespace

namespace {

// A queue id for a user who may be new (the script keeps the first one). Queue ids name a
// place and grant nothing (a poll checks that the place is the caller's), so the fast, securely
// seeded generator is enough: QUuid::createUuid() draws from the system generator, which cost
// more than the rest of the command.
QByteArray newQueueId()
{
    quint32 words[4];
    QRandomGenerator::global()->fillRange(words);
    const QUuid id(words[0],
                   quint16(words[1]),
                   quint16((words[1] >> 16 & 0x0fff) | 0x4000), // version 4
                   uchar((words[2] & 0x3f) | 0x80),             // RFC 4122 variant
                   uchar(words[2] >> 8),
                   uchar(words[2] >> 16),
                   uchar(words[2] >> 24),
                   uchar(words[3]),
                   uchar(words[3] >> 8),
                   uchar(words[3] >> 16),
                   uchar(words[3] >> 24));
    return id.toByteArray(QUuid::WithoutBraces);
}

// The join's KEYS and ARGV (see kJoin), added to `sink` one argument at a time as the parts it
// is made of: ScriptCall writes them straight into the command; ListSink makes byte arrays.
template<typename Sink>
void joinArguments(
    Sink &sink, const QString &eventId, const QString &user, bool early, const JoinLimits &limits)
{
    const QByteArray userKey = user.toUtf8();
    const QByteArray event = eventId.toUtf8();
    const QByteArray ip = limits.ip.toUtf8();
    const QByteArrayView open = "q:{";
    const QByteArrayView close = "}:";
    for (const char *suffix : {"wait", "ids", "owners", "seq", "active", "stats"})
        sink.add({open, event, close, suffix});
    sink.add({kEvents});
    sink.add({open, event, close, "joined"});
    sink.add({open, event, close, "rl:u:", userKey});
    sink.add({open, event, close, "rl:ip:", ip});
    sink.setKeyCount(10);
    // An empty IP (no address known, e.g. the WebSocket) is limited per user only.
    const RateLimit ipLimit = limits.ip.isEmpty() ? RateLimit{} : limits.ipLimit;
    sink.add({userKey});
    sink.add({newQueueId()});
    sink.add({early ? "1" : "0"});
    sink.add({QByteArray::number(QRandomGenerator::global()->bounded(1000000000))});
    sink.add({event});
    sink.add({limits.userLimit.intervalArg()});
    sink.add({limits.userLimit.toleranceArg()});
    sink.add({ipLimit.intervalArg()});
    sink.add({ipLimit.toleranceArg()});
}

struct ListSink
{
    QList<QByteArray> keys;
    QList<QByteArray> args;
    int keyCount = -1;

    void add(std::initializer_list<QByteArrayView> parts)
    {
        QByteArray value;
        for (const QByteArrayView part : parts)
            value += part;
        (keyCount < 0 ? keys : args).append(value);
    }
    void setKeyCount(int count) { keyCount = count; }
};

std::optional<QueuePlace> parseJoin(const std::optional<Reply> &reply)
{
    if (!reply || reply->type != Reply::Type::Array || reply->elements.size() != 5)
        return std::nullopt;
    const auto &e = reply->elements;
    QueuePlace place;
    if (e[1].string == "limited") {
        place.state = QueuePlace::State::RateLimited;
        place.retryAfterMs = toInt(e[2]);
        return place;
    }
    place.queueId = QString::fromUtf8(e[0].string);
    place.state = stateOf(e[1].string);
    place.ahead = toInt(e[2]);
    place.admittedUntilMs = e[3].string.toLongLong();
    place.ratePerMinute = e[4].string.toDouble();
    return place;
}

} // namespace

std::optional<QueuePlace> QueueStore::join(const QString &eventId,
                                           const QString &user,
                                           bool early,
                                           const JoinLimits &limits)
{
    ListSink command;
    joinArguments(command, eventId, user, early, limits);
    return parseJoin(m_pool.eval(kJoin, command.keys, command.args));
}

void QueueStore::join(AsyncRedis &redis,
                      const QString &eventId,
                      const QString &user,
                      bool early,
                      const JoinLimits &limits,
                      std::function<void(std::optional<QueuePlace>)> done)
{
    ScriptCall command(512);
    joinArguments(command, eventId, user, early, limits);
    redis.eval(kJoin, std::move(command), [done = std::move(done)](std::optional<Reply> reply) {
        done(parseJoin(reply));
    });
}

std::optional<QueuePlace> QueueStore::status(const QString &eventId,
                                             const QString &user,
                                             const QString &queueId)
{
    const auto reply = m_pool.eval(kStatus,
                                   {key(eventId, "wait"),
                                    key(eventId, "owners"),
                                    key(eventId, "active"),
                                    key(eventId, "stats")},
                                   {user.toUtf8(), queueId.toUtf8()});
    if (!reply || reply->type != Reply::Type::Array || reply->elements.isEmpty())
        return std::nullopt;
    const auto &e = reply->elements;
    QueuePlace place;
    place.queueId = queueId;
    place.state = stateOf(e[0].string);
    if (place.state != QueuePlace::State::Unknown && e.size() == 4) {
        place.ahead = toInt(e[1]);
        place.admittedUntilMs = e[2].string.toLongLong();
        place.ratePerMinute = e[3].string.toDouble();
    }
    return place;
}

std::optional<bool> QueueStore::isActive(const QString &eventId, const QString &user)
{
    const auto reply = m_pool.eval(kIsActive, {key(eventId, "active")}, {user.toUtf8()});
    if (!reply || reply->type != Reply::Type::Integer)
        return std::nullopt;
    return reply->integer == 1;
}

std::optional<QueueCounts> QueueStore::counts(const QString &eventId)
{
    const auto reply = m_pool.eval(kCounts,
                                   {key(eventId, "wait"),
                                    key(eventId, "active"),
                                    key(eventId, "stats")},
                                   {});
    if (!reply || reply->type != Reply::Type::Array || reply->elements.size() != 3)
        return std::nullopt;
    const auto &e = reply->elements;
    return QueueCounts{toInt(e[0]), toInt(e[1]), e[2].string.toDouble()};
}

bool QueueStore::leave(const QString &eventId, const QString &user)
{
    const auto reply = m_pool.command(
        {QByteArrayLiteral("ZREM"), key(eventId, "active"), user.toUtf8()});
    return reply && reply->type == Reply::Type::Integer && reply->integer > 0;
}

std::optional<QByteArray> QueueStore::acquireLeader(const QString &eventId,
                                                    const QByteArray &instance,
                                                    int ttlMs)
{
    const auto reply = m_pool.eval(kAcquire,
                                   {key(eventId, "leader"), key(eventId, "fence")},
                                   {instance, QByteArray::number(ttlMs)});
    if (!reply || reply->isError())
        return std::nullopt;
    return reply->type == Reply::Type::String ? reply->string : QByteArray();
}

std::optional<bool> QueueStore::renewLeader(const QString &eventId,
                                            const QByteArray &lease,
                                            int ttlMs)
{
    const auto reply = m_pool.eval(kRenew,
                                   {key(eventId, "leader")},
                                   {lease, QByteArray::number(ttlMs)});
    if (!reply || reply->isError())
        return std::nullopt;
    return reply->integer == 1;
}

void QueueStore::releaseLeader(const QString &eventId, const QByteArray &lease)
{
    m_pool.eval(kCompareDelete, {key(eventId, "leader")}, {lease});
}

std::optional<AdmitStep> QueueStore::admit(const QString &eventId,
                                           const QByteArray &lease,
                                           int admitPerMinute,
                                           int maxActive,
                                           int admissionMs)
{
    const auto reply = m_pool.eval(kAdmit,
                                   {key(eventId, "wait"),
                                    key(eventId, "active"),
                                    key(eventId, "stats"),
                                    key(eventId, "leader"),
                                    key(eventId, "joined")},
                                   {lease,
                                    QByteArray::number(admitPerMinute),
                                    QByteArray::number(maxActive),
                                    QByteArray::number(admissionMs)});
    if (!reply || reply->type != Reply::Type::Array || reply->elements.size() != 4)
        return std::nullopt;
    AdmitStep step;
    step.fenced = reply->elements[0].integer < 0;
    step.admitted = int(std::max<qint64>(0, reply->elements[0].integer));
    step.active = int(reply->elements[1].integer);
    step.waiting = int(reply->elements[2].integer);
    for (const Reply &wait : reply->elements[3].elements)
        step.waitsMs.append(wait.integer);
    return step;
}

std::optional<QStringList> QueueStore::events()
{
    const auto reply = m_pool.command({QByteArrayLiteral("SMEMBERS"), kEvents});
    if (!reply || reply->type != Reply::Type::Array)
        return std::nullopt;
    QStringList out;
    for (const Reply &element : reply->elements)
        out.append(QString::fromUtf8(element.string));
    return out;
}

std::optional<qint64> QueueStore::nowMs()
{
    const auto reply = m_pool.command({QByteArrayLiteral("TIME")});
    if (!reply || reply->type != Reply::Type::Array || reply->elements.size() != 2)
        return std::nullopt;
    return reply->elements[0].string.toLongLong() * 1000
           + reply->elements[1].string.toLongLong() / 1000;
}

} // namespace boxoffice::server::redis
