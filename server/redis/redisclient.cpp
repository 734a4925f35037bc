// SPDX-License-Identifier: GPL-3.0-or-later
#include "redisclient.h"

#include <hiredis/hiredis.h>

#include <cerrno>
#include <vector>

namespace boxoffice::server::redis {

Reply toReply(const redisReply *raw)
{
    Reply reply;
    switch (raw->type) {
    case REDIS_REPLY_STATUS:
        reply.type = Reply::Type::Status;
        reply.string = QByteArray(raw->str, static_cast<qsizetype>(raw->len));
        break;
    case REDIS_REPLY_ERROR:
        reply.type = Reply::Type::Error;
        reply.string = QByteArray(raw->str, static_cast<qsizetype>(raw->len));
        break;
    case REDIS_REPLY_INTEGER:
        reply.type = Reply::Type::Integer;
        reply.integer = raw->integer;
        break;
    case REDIS_REPLY_STRING:
        reply.type = Reply::Type::String;
        reply.string = QByteArray(raw->str, static_cast<qsizetype>(raw->len));
        break;
    case REDIS_REPLY_ARRAY:
        reply.type = Reply::Type::Array;
        for (size_t i = 0; i < raw->elements; ++i)
            reply.elements.append(toReply(raw->element[i]));
        break;
    default:
        reply.type = Reply::Type::Nil;
    }
    return reply;
}

namespace {

timeval toTimeval(std::chrono::milliseconds ms)
{
    return timeval{static_cast<time_t>(ms.count() / 1000),
                   static_cast<suseconds_t>((ms.count() % 1000) * 1000)};
}

} // namespace

RedisClient::RedisClient()
    : m_context(nullptr, redisFree)
{}

RedisClient::~RedisClient() = default;

bool RedisClient::connect(const QUrl &url, std::chrono::milliseconds timeout)
{
    const timeval tv = toTimeval(timeout);
    redisContext *context = nullptr;
    if (url.scheme() == QLatin1String("unix"))
        context = redisConnectUnixWithTimeout(url.path().toLocal8Bit().constData(), tv);
    else
        context = redisConnectWithTimeout(url.host().toLocal8Bit().constData(), url.port(6379), tv);
    m_context.reset(context);
    if (!context) {
        m_lastError = QStringLiteral("out of memory");
        m_timedOut = false;
        return false;
    }
    if (context->err) {
        failed(context);
        return false;
    }
    redisSetTimeout(context, tv);
    return true;
}

void RedisClient::failed(const redisContext *context)
{
    // hiredis leaves errno as the failed read, write or connect set it: EAGAIN is a read or
    // write timeout (SO_RCVTIMEO/SO_SNDTIMEO), ETIMEDOUT a connect timeout.
    const int error = errno;
    m_timedOut = context->err == REDIS_ERR_IO
                 && (error == EAGAIN || error == EWOULDBLOCK || error == ETIMEDOUT);
    m_lastError = QString::fromLocal8Bit(context->errstr);
    m_context.reset(); // hiredis cannot go on after any failure, a timeout included
}

bool RedisClient::isConnected() const
{
    return m_context && m_context->err == 0;
}

std::optional<Reply> RedisClient::command(const QList<QByteArray> &args)
{
    if (!isConnected()) {
        m_lastError = QStringLiteral("not connected");
        m_timedOut = false;
        return std::nullopt;
    }
    std::vector<const char *> argv;
    std::vector<size_t> argvLen;
    for (const QByteArray &arg : args) {
        argv.push_back(arg.constData());
        argvLen.push_back(static_cast<size_t>(arg.size()));
    }
    auto *raw = static_cast<redisReply *>(redisCommandArgv(m_context.get(),
                                                           static_cast<int>(argv.size()),
                                                           argv.data(),
                                                           argvLen.data()));
    if (!raw) {
        failed(m_context.get());
        return std::nullopt;
    }
    Reply reply = toReply(raw);
    freeReplyObject(raw);
    return reply;
}

std::optional<QList<Reply>> RedisClient::pipeline(const QByteArray &commands, qsizetype count)
{
    if (!isConnected()) {
        m_lastError = QStringLiteral("not connected");
        m_timedOut = false;
        return std::nullopt;
    }
    // Only buffered here: the first redisGetReply() writes it all.
    if (redisAppendFormattedCommand(m_context.get(), commands.constData(), size_t(commands.size()))
        != REDIS_OK) {
        failed(m_context.get());
        return std::nullopt;
    }
    QList<Reply> replies;
    replies.reserve(count);
    for (qsizetype i = 0; i < count; ++i) {
        void *raw = nullptr;
        if (redisGetReply(m_context.get(), &raw) != REDIS_OK || !raw) {
            failed(m_context.get());
            return std::nullopt;
        }
        replies.append(toReply(static_cast<const redisReply *>(raw)));
        freeReplyObject(raw);
    }
    return replies;
}

std::optional<Reply> RedisClient::receive()
{
    if (!isConnected()) {
        m_lastError = QStringLiteral("not connected");
        m_timedOut = false;
        return std::nullopt;
    }
    void *raw = nullptr;
    if (redisGetReply(m_context.get(), &raw) != REDIS_OK || !raw) {
        failed(m_context.get());
        return std::nullopt;
    }
    Reply reply = toReply(static_cast<const redisReply *>(raw));
    freeReplyObject(raw);
    return reply;
}

void RedisClient::setReadTimeout(std::chrono::milliseconds timeout)
{
    if (m_context)
        redisSetTimeout(m_context.get(), toTimeval(timeout));
}

} // namespace boxoffice::server::redis
