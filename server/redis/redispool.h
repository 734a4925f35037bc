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

/// Connections to one Redis with short timeouts and a health state: while Redis is down every
/// call fails at once (no timeout per request) until a reconnect attempt, made at most once per
/// backoff interval (250 ms doubling to 2 s), succeeds. Thread-safe.
class RedisPool
{
public:
    explicit RedisPool(QUrl url, std::chrono::milliseconds timeout = std::chrono::milliseconds(200));
    ~RedisPool();
    RedisPool(const RedisPool &) = delete;
    RedisPool &operator=(const RedisPool &) = delete;

    /// Runs one command; nullopt when Redis is unreachable (then isUp() turns false).
    std::optional<Reply> command(const QList<QByteArray> &args);
    /// Runs `script` with KEYS and ARGV; nullopt when Redis is unreachable.
    std::optional<Reply> eval(const Script &script,
                              const QList<QByteArray> &keys,
                              const QList<QByteArray> &args);

    /// False after a failed call, until a reconnect succeeds.
    bool isUp() const { return m_up.load(); }
    /// Probes Redis now if the backoff allows (PING); returns isUp().
    bool probe();
    QUrl url() const;
    /// Points the pool at another Redis (the new primary after a Sentinel failover): idle links
    /// are dropped and the next call connects at once. Bumps generation().
    void setUrl(const QUrl &url);
    /// Changes with every setUrl(), so other clients of the same Redis (AsyncRedis) follow.
    quint64 generation() const { return m_generation.load(); }

private:
    std::unique_ptr<RedisClient> borrow();
    void giveBack(std::unique_ptr<RedisClient> client);
    void markDown();

    QUrl m_url; // guarded by m_mutex
    std::chrono::milliseconds m_timeout;
    mutable QMutex m_mutex;
    std::atomic<quint64> m_generation = 0;
    std::vector<std::unique_ptr<RedisClient>> m_idle;
    std::atomic_bool m_up = true;
    std::atomic<qint64> m_retryAtMs = 0;
    std::atomic<qint64> m_backoffMs = 250;
};

} // namespace boxoffice::server::redis
