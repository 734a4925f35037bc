// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QUrl>

#include <chrono>
#include <memory>
#include <optional>

struct redisContext;
struct redisReply;

namespace boxoffice::server::redis {

/// The answer of one Redis command, in plain types.
struct Reply
{
    enum class Type { Nil, Status, Error, Integer, String, Array };
    Type type = Type::Nil;
    long long integer = 0;
    QByteArray string;
    QList<Reply> elements;

    bool isError() const { return type == Type::Error; }
};

/// Converts hiredis' reply (recursively).
Reply toReply(const redisReply *raw);

/// One blocking connection to Redis with short timeouts; not thread-safe (one per thread).
class RedisClient
{
public:
    RedisClient();
    ~RedisClient();
    RedisClient(const RedisClient &) = delete;
    RedisClient &operator=(const RedisClient &) = delete;

    /// Connects to `redis://host:port` (or `unix:///path`); false with lastError() on failure.
    bool connect(const QUrl &url,
                 std::chrono::milliseconds timeout = std::chrono::milliseconds(500));
    bool isConnected() const;
    QString lastError() const { return m_lastError; }
    /// Whether the last failure was a timeout (no answer in time) rather than a refused, reset
    /// or closed link: a slow Redis, not necessarily a gone one.
    bool timedOut() const { return m_timedOut; }

    /// Runs one command given as separate arguments (binary safe); nullopt when the link failed.
    std::optional<Reply> command(const QList<QByteArray> &args);
    /// Writes `count` commands given in Redis' wire format (RESP) at once, then reads their
    /// replies in order; nullopt when the link failed (then it is closed).
    std::optional<QList<Reply>> pipeline(const QByteArray &commands, qsizetype count);
    /// Reads one more reply (a subscription's message); nullopt on timeout or a lost link (then
    /// it is closed: hiredis cannot go on after a timeout).
    std::optional<Reply> receive();
    /// The read and write timeout from now on (connect() sets both to its own timeout).
    void setReadTimeout(std::chrono::milliseconds timeout);

private:
    void failed(const redisContext *context);

    std::unique_ptr<redisContext, void (*)(redisContext *)> m_context;
    QString m_lastError;
    bool m_timedOut = false;
};

} // namespace boxoffice::server::redis
