// SPDX-License-Identifier: GPL-3.0-or-later
#include "leasesettler.h"

#include "redisclient.h"
#include "redispool.h"

#include <QDateTime>
#include <QHash>
#include <QLoggingCategory>

#include <pthread.h>

namespace boxoffice::server::redis {

Q_DECLARE_LOGGING_CATEGORY(lcRedis)

namespace {

constexpr size_t kMaxQueued = 100000;      // beyond: dropped (they lapse by TTL)
constexpr qsizetype kMaxKeysPerCall = 256; // one script call blocks Redis for so many keys
constexpr qint64 kMinBackoffMs = 250;
constexpr qint64 kMaxBackoffMs = 2000;

// KEYS: seat keys. ARGV: an owner and a ttl in ms per key ("0": delete). Only leases still
// owned by that owner are touched (compare-and-PEXPIRE, compare-and-delete).
const Script kSettleMany(QByteArrayLiteral(
    "local n = 0 for i, k in ipairs(KEYS) do "
    "  if redis.call('GET', k) == ARGV[2 * i - 1] then "
    "    if ARGV[2 * i] == '0' then redis.call('DEL', k) "
    "    else redis.call('PEXPIRE', k, ARGV[2 * i]) end n = n + 1 end end return n"));

} // namespace

/// The settler thread's connection and what it writes.
class LeaseSettler::Writer
{
public:
    Writer(QUrl url, std::chrono::milliseconds timeout)
        : m_url(std::move(url))
        , m_timeout(timeout)
    {}

    /// One pipeline for the whole batch; false when it was dropped.
    bool write(const std::deque<Settle> &batch)
    {
        const std::vector<Call> calls = scriptCalls(batch);
        QByteArray wire;
        for (const Call &call : calls)
            format(wire, call, false);
        auto replies = send(wire, qsizetype(calls.size()));
        if (!replies)
            return false;
        // A Redis restarted (or flushed) forgot the script: those calls again, as EVAL.
        QByteArray again;
        qsizetype count = 0;
        for (qsizetype i = 0; i < replies->size(); ++i) {
            const Reply &reply = replies->at(i);
            if (reply.isError() && reply.string.startsWith("NOSCRIPT")) {
                format(again, calls.at(size_t(i)), true);
                ++count;
            } else if (reply.isError()) {
                qCDebug(lcRedis) << "lease settle failed:" << reply.string;
            }
        }
        return count == 0 || send(again, count).has_value();
    }

private:
    // One script call: up to kMaxKeysPerCall seats of one event.
    struct Call
    {
        QByteArray event; // UTF-8
        std::vector<std::pair<const Settle *, QByteArray>> seats;
    };

    static std::vector<Call> scriptCalls(const std::deque<Settle> &batch)
    {
        std::vector<Call> calls;
        QHash<QString, size_t> open; // event -> its call with room left
        for (const Settle &settle : batch) {
            auto at = open.find(settle.eventId);
            for (const QString &seat : settle.seats) {
                if (at == open.end() || calls.at(*at).seats.size() >= kMaxKeysPerCall) {
                    calls.push_back(Call{settle.eventId.toUtf8(), {}});
                    at = open.insert(settle.eventId, calls.size() - 1);
                }
                calls[*at].seats.emplace_back(&settle, seat.toUtf8());
            }
        }
        return calls;
    }

    static void bulk(QByteArray &out, QByteArrayView part)
    {
        out.append('$').append(QByteArray::number(part.size())).append("\r\n");
        out.append(part).append("\r\n");
    }

    // EVALSHA (or EVAL) of kSettleMany in Redis' wire format, written straight into `out`.
    static void format(QByteArray &out, const Call &call, bool eval)
    {
        const auto keys = qsizetype(call.seats.size());
        out.append('*').append(QByteArray::number(3 + 3 * keys)).append("\r\n");
        bulk(out, eval ? QByteArrayView("EVAL") : QByteArrayView("EVALSHA"));
        bulk(out, eval ? kSettleMany.source : kSettleMany.sha);
        bulk(out, QByteArray::number(keys));
        for (const auto &[settle, seat] : call.seats) { // SeatLeases::key()
            out.append('$')
                .append(QByteArray::number(8 + call.event.size() + seat.size()))
                .append("\r\nhold:{")
                .append(call.event)
                .append("}:")
                .append(seat)
                .append("\r\n");
        }
        for (const auto &[settle, seat] : call.seats) {
            bulk(out, settle->owner);
            bulk(out, QByteArray::number(settle->ttlMs));
        }
    }

    std::optional<QList<Reply>> send(const QByteArray &wire, qsizetype count)
    {
        if (m_client && m_client->isConnected()) {
            if (auto replies = m_client->pipeline(wire, count))
                return replies;
            // A link that died while idle (Redis restarted): one fresh try, no backoff.
            qCDebug(lcRedis) << "lease settler link failed:" << m_client->lastError();
            m_client.reset();
            m_retryAtMs = 0;
        }
        if (!connect())
            return std::nullopt;
        if (auto replies = m_client->pipeline(wire, count))
            return replies;
        m_client.reset();
        backOff();
        return std::nullopt;
    }

    bool connect()
    {
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        if (now < m_retryAtMs)
            return false;
        m_client = std::make_unique<RedisClient>();
        if (!m_client->connect(m_url, m_timeout)) {
            qCDebug(lcRedis) << "lease settler cannot connect:" << m_client->lastError();
            m_client.reset();
            backOff();
            return false;
        }
        m_backoffMs = kMinBackoffMs;
        return true;
    }

    void backOff()
    {
        m_retryAtMs = QDateTime::currentMSecsSinceEpoch() + m_backoffMs;
        m_backoffMs = std::min(m_backoffMs * 2, kMaxBackoffMs);
    }

    QUrl m_url;
    std::chrono::milliseconds m_timeout;
    std::unique_ptr<RedisClient> m_client;
    qint64 m_retryAtMs = 0;
    qint64 m_backoffMs = kMinBackoffMs;
};

LeaseSettler::LeaseSettler(QUrl url,
                           std::chrono::milliseconds timeout,
                           std::chrono::milliseconds linger)
    : m_linger(linger)
    , m_writer(std::make_unique<Writer>(std::move(url), timeout))
    , m_thread([this] { run(); })
{}

LeaseSettler::~LeaseSettler()
{
    stop();
}

void LeaseSettler::extend(const QString &eventId,
                          const QStringList &seats,
                          const QByteArray &owner,
                          qint64 ttlMs)
{
    enqueue(Settle{eventId, seats, owner, std::max<qint64>(1, ttlMs)});
}

void LeaseSettler::release(const QString &eventId, const QStringList &seats, const QByteArray &owner)
{
    enqueue(Settle{eventId, seats, owner, 0});
}

void LeaseSettler::enqueue(Settle settle)
{
    if (settle.seats.isEmpty())
        return;
    std::unique_lock lock(m_mutex);
    ++m_queued;
    if (m_stopping || m_queue.size() >= kMaxQueued) {
        ++m_finished;
        ++m_dropped;
        return;
    }
    // The thread waits only on an empty queue (otherwise it lingers or writes): no wake-up
    // call per settle under load.
    const bool wake = m_queue.empty();
    m_queue.push_back(std::move(settle));
    lock.unlock();
    if (wake)
        m_wake.notify_one();
}

void LeaseSettler::run()
{
    pthread_setname_np(pthread_self(), "lease-settler"); // for top -H and /proc
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_wake.wait(lock, [this] { return m_stopping || (!m_paused && !m_queue.empty()); });
        if (m_queue.empty())
            return; // stopping, and everything is written
        // A moment for a burst to gather: one pipeline for all of it.
        if (!m_stopping && m_linger.count() > 0)
            m_wake.wait_for(lock, m_linger, [this] { return m_stopping; });
        std::deque<Settle> batch;
        batch.swap(m_queue);
        lock.unlock();
        const bool written = m_writer->write(batch);
        (written ? m_written : m_dropped) += batch.size();
        if (written)
            ++m_pipelines;
        lock.lock();
        m_finished += batch.size();
        m_done.notify_all();
    }
}

bool LeaseSettler::flush(std::chrono::milliseconds timeout)
{
    std::unique_lock lock(m_mutex);
    const quint64 target = m_queued;
    return m_done.wait_for(lock, timeout, [&] { return m_finished >= target; });
}

void LeaseSettler::stop()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    if (m_thread.joinable())
        m_thread.join();
}

void LeaseSettler::setPaused(bool paused)
{
    {
        std::lock_guard lock(m_mutex);
        m_paused = paused;
    }
    m_wake.notify_all();
}

} // namespace boxoffice::server::redis
