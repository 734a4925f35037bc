// SPDX-License-Identifier: GPL-3.0-or-later
#include "redispool.h"

#include <QCryptographicHash>
#include <QLoggingCategory>

#include <algorithm>

namespace boxoffice::server::redis {

Q_LOGGING_CATEGORY(lcRedis, "boxoffice.redis")

namespace {

constexpr qint64 kProbeIntervalMs = 250;
constexpr size_t kMaxIdle = 64;

qint64 nowMs()
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

} // namespace

std::chrono::milliseconds downAfterFor(std::chrono::milliseconds timeout,
                                       std::chrono::milliseconds configured)
{
    return std::max(configured, 3 * timeout);
}

Script::Script(QByteArray text)
    : source(std::move(text))
    , sha(QCryptographicHash::hash(source, QCryptographicHash::Sha1).toHex())
{}

RedisPool::RedisPool(QUrl url,
                     std::chrono::milliseconds timeout,
                     std::chrono::milliseconds downAfter)
    : m_url(std::move(url))
    , m_timeout(timeout)
    , m_downAfter(downAfterFor(timeout, downAfter))
{}

RedisPool::~RedisPool() = default;

std::unique_ptr<RedisClient> RedisPool::borrow(qint64 startedMs)
{
    {
        QMutexLocker lock(&m_mutex);
        if (!m_idle.empty()) {
            auto client = std::move(m_idle.back());
            m_idle.pop_back();
            return client;
        }
    }
    // While down only probe() finds out whether Redis is back (requests never wait), but a new
    // primary (setUrl) is tried by the first call at once.
    if (!m_up.load())
        return m_nextProbeMs.load() == 0 ? probeLink() : nullptr;
    auto client = std::make_unique<RedisClient>();
    if (!client->connect(url(), m_timeout)) {
        qCDebug(lcRedis) << "connect failed:" << client->lastError();
        failed(*client, startedMs);
        return nullptr;
    }
    return client;
}

std::unique_ptr<RedisClient> RedisPool::probeLink()
{
    // One probe per interval, by whichever caller comes first; the others fail at once.
    qint64 next = m_nextProbeMs.load();
    const qint64 now = nowMs();
    if (now < next || !m_nextProbeMs.compare_exchange_strong(next, now + kProbeIntervalMs))
        return nullptr;
    auto client = std::make_unique<RedisClient>();
    if (!client->connect(url(), m_timeout)) {
        qCDebug(lcRedis) << "probe: connect failed:" << client->lastError();
        return nullptr;
    }
    // A frozen Redis still gets its connections accepted by the kernel: only an answer counts.
    const auto pong = client->command({QByteArrayLiteral("PING")});
    if (!pong || pong->isError()) {
        qCDebug(lcRedis) << "probe: no answer:"
                         << (pong ? QString::fromUtf8(pong->string) : client->lastError());
        return nullptr;
    }
    markUp();
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

void RedisPool::failed(const RedisClient &client, qint64 startedMs)
{
    if (client.timedOut())
        timedOut(startedMs);
    else
        markDown(client.lastError());
}

void RedisPool::timedOut(qint64 startedMs)
{
    ++m_timeouts;
    // The streak starts with the first unanswered call; any answer ends it (answered()).
    qint64 since = 0;
    if (m_slowSinceMs.compare_exchange_strong(since, startedMs)) {
        qCDebug(lcRedis) << "no answer from Redis within" << m_timeout.count()
                         << "ms: that call fails alone";
        since = startedMs;
    }
    if (nowMs() - since >= m_downAfter.count())
        markDown(QStringLiteral("no answer for %1 ms").arg(nowMs() - since));
}

void RedisPool::answered()
{
    if (m_slowSinceMs.load(std::memory_order_relaxed) != 0)
        m_slowSinceMs.store(0);
}

void RedisPool::markUp()
{
    m_slowSinceMs = 0;
    if (!m_up.exchange(true)) {
        ++m_recoveries;
        qCInfo(lcRedis) << "Redis is back at" << url().toString();
    }
}

void RedisPool::markDown(const QString &why)
{
    m_slowSinceMs = 0;
    m_nextProbeMs = nowMs() + kProbeIntervalMs;
    if (m_up.exchange(false))
        qCWarning(lcRedis) << "Redis is down at" << url().toString() << "(" << why
                           << "): queue paused, holds capped until a probe is answered";
    QMutexLocker lock(&m_mutex);
    m_idle.clear(); // stale links would each cost a timeout
}

std::optional<Reply> RedisPool::command(const QList<QByteArray> &args)
{
    const qint64 started = nowMs();
    auto client = borrow(started);
    if (!client)
        return std::nullopt;
    auto reply = client->command(args);
    if (!reply) {
        qCDebug(lcRedis) << "command failed:" << client->lastError();
        failed(*client, started);
        return std::nullopt;
    }
    // A restarted Redis may be loading its append-only file, and a demoted primary refuses
    // writes until the Sentinel watcher points us at the new one: treat as down for now.
    if (reply->isError()
        && (reply->string.startsWith("LOADING") || reply->string.startsWith("READONLY"))) {
        markDown(QString::fromUtf8(reply->string.left(40)));
        return std::nullopt;
    }
    answered();
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
    m_slowSinceMs = 0;
    m_nextProbeMs = 0; // the first call after the switch tries it, even while marked down
    ++m_generation;
    qCInfo(lcRedis) << "Redis now at" << url.toString();
}

bool RedisPool::probe()
{
    if (m_up.load()) {
        const auto reply = command({QByteArrayLiteral("PING")}); // a timeout counts as any
        return reply && !reply->isError();
    }
    auto client = probeLink();
    if (!client)
        return false;
    giveBack(std::move(client));
    return true;
}

} // namespace boxoffice::server::redis
