// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "redisclient.h"

#include <QMutex>
#include <QUrl>

#include <atomic>
#include <chrono>
#include <memory>
#include <vector>

namespace boxoffice::server::redis {

/// A Lua script run by EVALSHA (its SHA1 computed once), falling back to EVAL on NOSCRIPT.
struct Script
{
    explicit Script(QByteArray source);
    QByteArray source;
    QByteArray sha;
};

/// How long Redis may answer nothing, while calls keep timing out, before it counts as down:
/// `configured`, but at least three timeouts' worth (a slow answer is not an outage).
std::chrono::milliseconds downAfterFor(std::chrono::milliseconds timeout,
                                       std::chrono::milliseconds configured);

/// Connections to one Redis with short timeouts and a health state (docs/queue.md "Redis
/// connection"):
/// - a call that gets no answer within the timeout fails alone (nullopt; Redis stays up, the
///   pool is "slow" until the next answer);
/// - Redis is marked down when a link is refused, reset or closed, or when calls have timed out
///   with no answer in between for `downAfter`; while down every call fails at once;
/// - it is up again when a probe() (a PING on a new link, at most one per 250 ms; the server's
///   health job calls it) is answered: a frozen Redis that the kernel still lets connect stays
///   down, and no request waits for a probe.
/// Thread-safe.
class RedisPool
{
public:
    explicit RedisPool(QUrl url,
                       std::chrono::milliseconds timeout = std::chrono::milliseconds(200),
                       std::chrono::milliseconds downAfter = std::chrono::milliseconds(1000));
    ~RedisPool();
    RedisPool(const RedisPool &) = delete;
    RedisPool &operator=(const RedisPool &) = delete;

    /// Runs one command; nullopt when it timed out (this call only) or Redis is down.
    std::optional<Reply> command(const QList<QByteArray> &args);
    /// Runs `script` with KEYS and ARGV; nullopt as command().
    std::optional<Reply> eval(const Script &script,
                              const QList<QByteArray> &keys,
                              const QList<QByteArray> &args);

    /// False once Redis is down (see the class comment), until a probe is answered.
    bool isUp() const { return m_up.load(); }
    /// True while calls time out and Redis has not answered since (not down yet): the health
    /// job probes then, so the doubt ends either way even without traffic.
    bool isSlow() const { return m_slowSinceMs.load() != 0; }
    /// PING: while down, on a new link at most once per probe interval (the first answer brings
    /// Redis back); while up, like any call. Returns whether it was answered.
    bool probe();
    /// Counts the times Redis came back after being down, so other clients of the same Redis
    /// (AsyncRedis) end their own backoff at once.
    quint64 recoveries() const { return m_recoveries.load(); }
    /// Calls that got no answer within the timeout (each failed alone or led to down).
    quint64 timeouts() const { return m_timeouts.load(); }
    std::chrono::milliseconds timeout() const { return m_timeout; }
    std::chrono::milliseconds downAfter() const { return m_downAfter; }
    QUrl url() const;
    /// Points the pool at another Redis (the new primary after a Sentinel failover): idle links
    /// are dropped and the next call connects at once. Bumps generation().
    void setUrl(const QUrl &url);
    /// Changes with every setUrl(), so other clients of the same Redis (AsyncRedis) follow.
    quint64 generation() const { return m_generation.load(); }

private:
    std::unique_ptr<RedisClient> borrow(qint64 startedMs);
    std::unique_ptr<RedisClient> probeLink();
    void giveBack(std::unique_ptr<RedisClient> client);
    void failed(const RedisClient &client, qint64 startedMs);
    void timedOut(qint64 startedMs);
    void answered();
    void markUp();
    void markDown(const QString &why);

    QUrl m_url; // guarded by m_mutex
    std::chrono::milliseconds m_timeout;
    std::chrono::milliseconds m_downAfter;
    mutable QMutex m_mutex;
    std::atomic<quint64> m_generation = 0;
    std::vector<std::unique_ptr<RedisClient>> m_idle;
    std::atomic_bool m_up = true;
    std::atomic<qint64> m_slowSinceMs = 0; // when the first unanswered call of a streak began
    std::atomic<qint64> m_nextProbeMs = 0;
    std::atomic<quint64> m_recoveries = 0;
    std::atomic<quint64> m_timeouts = 0;
};

} // namespace boxoffice::server::redis
