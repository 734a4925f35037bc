// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "redisclient.h"
#include "redispool.h"

#include <QObject>
#include <QTimer>
#include <QUrl>

#include <chrono>
#include <deque>
#include <functional>
#include <initializer_list>
#include <memory>

struct redisAsyncContext;
class QSocketNotifier;

namespace boxoffice::server::redis {

/// The KEYS and ARGV of one script call, written in Redis' wire format as they are added (no
/// list of separate byte arrays on hot paths).
class ScriptCall
{
public:
    explicit ScriptCall(qsizetype reserve = 256) { m_tail.reserve(reserve); }
    /// Adds one argument made of `parts` one after the other (keys first, then ARGV).
    void add(std::initializer_list<QByteArrayView> parts);
    /// How many of the arguments are keys (the rest are ARGV); set once all are added.
    void setKeyCount(int keys) { m_keys = keys; }

private:
    friend class AsyncRedis;
    QByteArray m_tail; // the arguments as RESP bulk strings
    int m_count = 0;
    int m_keys = 0;
};

/// One non-blocking connection to Redis driven by the event loop of the thread that owns it:
/// requests on that thread send a command and answer when the reply arrives, without a worker
/// thread per request, and concurrent commands share the connection (pipelined). Scripts go by
/// EVALSHA, again as EVAL on NOSCRIPT. A command not answered within the timeout fails alone
/// (nullopt; its late reply is dropped) and the link stays. A lost link, or a link that has
/// answered nothing for `downAfter` (see RedisPool), fails every pending command and is dropped;
/// a new one is tried at most once per backoff interval (250 ms doubling to 2 s), failing at
/// once meanwhile, or at once when the pool saw Redis come back. Not thread-safe.
class AsyncRedis : public QObject
{
public:
    /// Called once per command, on the owner's thread (possibly before eval() returns).
    using Done = std::function<void(std::optional<Reply>)>;

    explicit AsyncRedis(QUrl url,
                        std::chrono::milliseconds timeout = std::chrono::milliseconds(200),
                        QObject *parent = nullptr,
                        std::chrono::milliseconds downAfter = std::chrono::milliseconds(1000));
    /// Talks to whatever Redis `pool` points at, following its setUrl() (Sentinel failover).
    explicit AsyncRedis(const RedisPool &pool,
                        std::chrono::milliseconds timeout = std::chrono::milliseconds(200),
                        QObject *parent = nullptr);
    ~AsyncRedis() override;
    AsyncRedis(const AsyncRedis &) = delete;
    AsyncRedis &operator=(const AsyncRedis &) = delete;

    /// Runs `script` with KEYS and ARGV; `done` gets the reply, or nullopt without Redis.
    void eval(const Script &script,
              const QList<QByteArray> &keys,
              const QList<QByteArray> &args,
              Done done);
    /// The same with the arguments already written.
    void eval(const Script &script, ScriptCall arguments, Done done);

private:
    struct Call;
    bool ensureConnected();
    void send(std::unique_ptr<Call> call);
    void fail(const char *why);
    void dropLink();
    void postFlush();
    void checkTimeout();
    void watch(std::unique_ptr<QSocketNotifier> &notifier, int type, bool on);
    void followPool();

    static void onReply(redisAsyncContext *context, void *reply, void *privdata);
    static void onConnect(const redisAsyncContext *context, int status);
    static void onDisconnect(const redisAsyncContext *context, int status);

    QUrl m_url;
    const RedisPool *m_pool = nullptr; // set: m_url follows it
    quint64 m_poolGeneration = 0;
    quint64 m_poolRecoveries = 0; // the pool's recoveries() when this link last failed
    std::chrono::milliseconds m_timeout;
    std::chrono::milliseconds m_downAfter;
    redisAsyncContext *m_context = nullptr;
    std::unique_ptr<QSocketNotifier> m_read;
    std::unique_ptr<QSocketNotifier> m_write;
    std::deque<Call *> m_inFlight; // sent, not yet answered by Redis, oldest first (in order)
    QTimer m_watchdog;
    qint64 m_retryAtMs = 0;
    qint64 m_backoffMs = 250;
    bool m_closing = false;
    bool m_flushPosted = false;
};

} // namespace boxoffice::server::redis
