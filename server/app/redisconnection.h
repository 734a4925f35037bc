// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "config.h"

#include <memory>

namespace boxoffice::server::redis {
class EmbeddedRedis;
class RedisPool;
class SentinelWatcher;
} // namespace boxoffice::server::redis

namespace boxoffice::server {

/// The Redis `serve` talks to: the configured one, the primary the Sentinels name (followed on
/// failover), or a private redis-server next to the private PostgreSQL. A Redis that is down
/// is not fatal: the queue pauses and holds are capped until it is back.
class RedisConnection
{
public:
    RedisConnection();
    ~RedisConnection();

    /// Connects as configured, with the pool's timeout and down rule (RedisPool); 0, or the
    /// exit code after saying why on stderr (2: a bad Sentinel list, 1: the private
    /// redis-server did not start).
    int open(const Config &config, int timeoutMs, int downAfterMs);
    redis::RedisPool &pool() { return *m_pool; }
    /// Stops following the Sentinels (before the pool goes).
    void stop();

private:
    std::unique_ptr<redis::EmbeddedRedis> m_embedded;
    std::unique_ptr<redis::SentinelWatcher> m_sentinels;
    std::unique_ptr<redis::RedisPool> m_pool;
};

} // namespace boxoffice::server
