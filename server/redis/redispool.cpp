// SPDX-License-Identifier: GPL-3.0-or-later
#include "redispool.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QLoggingCategory>

namespace boxoffice::server::redis {

Q_LOGGING_CATEGORY(lcRedis, "boxoffice.redis")

namespace {

constexpr qint64 kMinBackoffMs = 250;
constexpr qint64 kMaxBackoffMs = 2000;
constexpr size_t kMaxIdle = 64;

qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

} // namespace

Script::Script(QByteArray text)
    : source(std::move(text))
    , sha(QCryptographicHash::hash(source, QCryptographicHash::Sha1).toHex())
{}

RedisPool::RedisPool(QUrl url, std::chrono::milliseconds timeout)
    : m_url(std::move(url))
    , m_timeout(timeout)
{}

RedisPool::~RedisPool() = default;

std::unique_ptr<RedisClient> RedisPool::borrow()
{
    {
        QMutexLocker lock(&m_mutex);
        if (!m_idle.empty()) {
            auto client = std::move(m_idle.back());
            m_idle.pop_back();
            return client;
        }
    }
    // While down, only the caller that wins the retry slot tries to connect; others fail fast.
    if (!m_up.load()) {
        qint64 retryAt = m_retryAtMs.load();
        if (nowMs() < retryAt
            || !m_retryAtMs.compare_exchange_strong(retryAt, nowMs() + m_backoffMs))
            return nullptr;
    }
    const QUrl target = url();
    auto client = std::make_unique<RedisClient>();
    if (!client->connect(target, m_timeout)) {
        qCDebug(lcRedis) << "connect failed:" << client->lastError();
        markDown();
        return nullptr;
    }
    if (!m_up.exchange(true))
        qCInfo(lcRedis) << "Redis is back at" << target.toString();
    m_backoffMs = kMinBackoffMs;
    return client;
}

void RedisPool::giveBack(std::unique_ptr<RedisClient> client)
{
    if (!client || !client->isConnected())
        return;
    QMutexLocker lock(&m_mutex);
    if (m_idle.size() < kMaxIdle)
        m_idle.push_back(std::move(client));
}

void RedisPool::markDown()
{
    if (m_up.exchange(false))
        qCWarning(lcRedis) << "Redis is down at" << url().toString();
    const qint64 backoff = m_backoffMs.load();
    m_retryAtMs = nowMs() + backoff;
    m_backoffMs = std::min(backoff * 2, kMaxBackoffMs);
    QMutexLocker lock(&m_mutex);
    m_idle.clear(); // stale links would each cost a timeout
}

std::optional<Reply> RedisPool::command(const QList<QByteArray> &args)
{
    auto client = borrow();
    if (!client)
        return std::nullopt;
    auto reply = client->command(args);
    if (!reply) {
        qCDebug(lcRedis) << "command failed:" << client->lastError();
        markDown();
        return std::nullopt;
    }
    // A restarted Redis may be loading its append-only file, and a demoted primary refuses
    // writes until the Sentinel watcher points us at the new one: treat as down for now.
    if (reply->isError()
        && (reply->string.startsWith("LOADING") || reply->string.startsWith("READONLY"))) {
        markDown();
        return std::nullopt;
    }
    giveBack(std::move(client));
    return reply;
}

std::optional<Reply> RedisPool::eval(const Script &script,
                                     const QList<QByteArray> &keys,
                                     const QList<QByteArray> &args)
{
    QList<QByteArray> call{QByteArrayLiteral("EVALSHA"),
                           script.sha,
                           QByteArray::number(keys.size())};
    call += keys;
    call += args;
    auto reply = command(call);
    if (reply && reply->isError() && reply->string.startsWith("NOSCRIPT")) {
        call[0] = QByteArrayLiteral("EVAL");
        call[1] = script.source;
        reply = command(call); // EVAL also caches the script for the next EVALSHA
    }
    return reply;
}

QUrl RedisPool::url() const
{
    QMutexLocker lock(&m_mutex);
    return m_url;
}

void RedisPool::setUrl(const QUrl &url)
{
    {
        QMutexLocker lock(&m_mutex);
        if (m_url == url)
            return;
        m_url = url;
        m_idle.clear();
    }
    m_backoffMs = kMinBackoffMs;
    m_retryAtMs = 0; // the first call after the switch connects, even while marked down
    ++m_generation;
    qCInfo(lcRedis) << "Redis now at" << url.toString();
}

bool RedisPool::probe()
{
    auto reply = command({QByteArrayLiteral("PING")});
    return reply && !reply->isError();
}

} // namespace boxoffice::server::redis
