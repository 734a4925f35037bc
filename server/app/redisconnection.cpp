// SPDX-License-Identifier: GPL-3.0-or-later
#include "redisconnection.h"

#include "servelog.h"

#include "redis/embeddedredis.h"
#include "redis/redispool.h"
#include "redis/sentinel.h"

#include <QElapsedTimer>
#include <QTextStream>
#include <QThread>

namespace boxoffice::server {

namespace {

// Redis through Sentinels: the primary they name now (waiting a little for one while the
// cluster starts), followed on failover by the watcher. Null on a bad Sentinel list.
std::unique_ptr<redis::SentinelWatcher> startSentinelWatcher(const Config &config, QString *url)
{
    QString error;
    const auto addresses = redis::parseSentinels(config.redisSentinels, &error);
    if (!addresses) {
        QTextStream(stderr) << "boxoffice-server: BOXOFFICE_REDIS_SENTINELS: " << error << "\n";
        return nullptr;
    }
    auto watcher = std::make_unique<redis::SentinelWatcher>(*addresses, config.redisMaster);
    QElapsedTimer waited;
    waited.start();
    std::optional<QUrl> primary;
    while (!(primary = watcher->resolve(&error)) && waited.elapsed() < 10000)
        QThread::msleep(250);
    if (primary) {
        *url = primary->toString();
    } else {
        // Degraded like a Redis that is down: the watcher connects the pool once one is named.
        qCWarning(lcServe) << "no Sentinel names a Redis primary yet:" << error;
        *url = QStringLiteral("redis://127.0.0.1:1");
    }
    return watcher;
}

} // namespace

RedisConnection::RedisConnection() = default;

RedisConnection::~RedisConnection()
{
    stop();
}

int RedisConnection::open(const Config &config, int timeoutMs, int downAfterMs)
{
    QString url = config.redisUrl;
    if (!config.redisSentinels.isEmpty()) {
        m_sentinels = startSentinelWatcher(config, &url);
        if (!m_sentinels)
            return 2;
    } else if (url.isEmpty()) {
        m_embedded = std::make_unique<redis::EmbeddedRedis>(config.dataDir);
        if (!m_embedded->start()) {
            QTextStream(stderr) << "boxoffice-server: embedded Redis: " << m_embedded->error()
                                << "\n";
            return 1;
        }
        url = m_embedded->url();
    }
    m_pool = std::make_unique<redis::RedisPool>(QUrl(url),
                                                std::chrono::milliseconds(timeoutMs),
                                                std::chrono::milliseconds(downAfterMs));
    if (m_sentinels)
        m_sentinels->start([pool = m_pool.get()](const QUrl &primary) { pool->setUrl(primary); });
    if (!m_pool->probe())
        qCWarning(lcServe) << "Redis is not reachable at" << url
                           << "- queue paused, holds capped until it is";
    return 0;
}

void RedisConnection::stop()
{
    if (m_sentinels)
        m_sentinels->stop();
}

} // namespace boxoffice::server
