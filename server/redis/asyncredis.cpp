// SPDX-License-Identifier: GPL-3.0-or-later
#include "asyncredis.h"

#include <QDateTime>
#include <QLoggingCategory>
#include <QSocketNotifier>

#include <hiredis/async.h>
#include <hiredis/hiredis.h>

#include <charconv>
#include <iterator>
#include <vector>

namespace boxoffice::server::redis {

Q_LOGGING_CATEGORY(lcAsyncRedis, "boxoffice.redis.async")

namespace {

constexpr qint64 kMinBackoffMs = 250;
constexpr qint64 kMaxBackoffMs = 2000;

qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

AsyncRedis *owner(const redisAsyncContext *context)
{
    return static_cast<AsyncRedis *>(context->ev.data);
}

} // namespace

struct AsyncRedis::Call
{
    AsyncRedis *self = nullptr;
    const Script *script = nullptr;
    QByteArray tail; // numkeys, keys and args as RESP bulk strings
    int tailCount = 0;
    Done done;            // empty once answered (a late reply is then dropped)
    bool retried = false; // already sent again as EVAL after NOSCRIPT
    qint64 sentAtMs = 0;
};

namespace {

void appendNumber(QByteArray &out, qsizetype value)
{
    char digits[24];
    const auto end = std::to_chars(std::begin(digits), std::end(digits), value).ptr;
    out.append(digits, end - digits);
}

void appendBulk(QByteArray &out, QByteArrayView value)
{
    out += '$';
    appendNumber(out, value.size());
    out += "\r\n";
    out += value;
    out += "\r\n";
}

// The command in Redis' wire format, built in one buffer: hiredis' own formatting (an sds
// string grown piece by piece per argument) cost more than the rest of the send.
QByteArray formatCall(QByteArrayView verb, QByteArrayView script, const QByteArray &tail, int count)
{
    QByteArray out;
    out.reserve(32 + verb.size() + script.size() + tail.size());
    out += '*';
    appendNumber(out, 2 + count);
    out += "\r\n";
    appendBulk(out, verb);
    appendBulk(out, script);
    out += tail;
    return out;
}

} // namespace

AsyncRedis::AsyncRedis(QUrl url,
                       std::chrono::milliseconds timeout,
                       QObject *parent,
                       std::chrono::milliseconds downAfter)
    : QObject(parent)
    , m_url(std::move(url))
    , m_timeout(timeout)
    , m_downAfter(downAfterFor(timeout, downAfter))
{
    m_watchdog.setInterval(std::max<int>(10, int(timeout.count() / 4)));
    connect(&m_watchdog, &QTimer::timeout, this, [this] { checkTimeout(); });
}

AsyncRedis::AsyncRedis(const RedisPool &pool, std::chrono::milliseconds timeout, QObject *parent)
    : AsyncRedis(pool.url(), timeout, parent, pool.downAfter())
{
    m_pool = &pool;
    m_poolGeneration = pool.generation();
    m_poolRecoveries = pool.recoveries();
}

void AsyncRedis::followPool()
{
    if (!m_pool || m_pool->generation() == m_poolGeneration)
        return;
    m_poolGeneration = m_pool->generation();
    m_url = m_pool->url();
    m_retryAtMs = 0;
    m_backoffMs = kMinBackoffMs;
    if (m_context)
        dropLink(); // its pending calls get nullopt (hiredis defers the free inside a callback)
}

AsyncRedis::~AsyncRedis()
{
    m_closing = true;
    if (m_context)
        dropLink();
}

void AsyncRedis::watch(std::unique_ptr<QSocketNotifier> &notifier, int type, bool on)
{
    if (!on) {
        if (notifier)
            notifier->setEnabled(false);
        return;
    }
    if (!m_context)
        return;
    if (notifier && notifier->socket() != m_context->c.fd)
        notifier.release()->deleteLater(); // a notifier of an old link, maybe mid-signal
    if (!notifier) {
        notifier = std::make_unique<QSocketNotifier>(qintptr(m_context->c.fd),
                                                     QSocketNotifier::Type(type));
        const bool read = type == QSocketNotifier::Read;
        connect(notifier.get(), &QSocketNotifier::activated, this, [this, read] {
            if (!m_context)
                return;
            if (read)
                redisAsyncHandleRead(m_context);
            else
                redisAsyncHandleWrite(m_context);
        });
    }
    notifier->setEnabled(true);
}

bool AsyncRedis::ensureConnected()
{
    if (m_context)
        return true;
    if (m_closing)
        return false;
    // The pool's probe saw Redis come back since this link failed: no need to wait out the
    // backoff.
    const bool back = m_pool && m_pool->recoveries() != m_poolRecoveries;
    if (nowMs() < m_retryAtMs && !back)
        return false;
    redisAsyncContext *context = m_url.scheme() == QLatin1String("unix")
                                     ? redisAsyncConnectUnix(m_url.path().toLocal8Bit().constData())
                                     : redisAsyncConnect(m_url.host().toLocal8Bit().constData(),
                                                         m_url.port(6379));
    if (!context || context->err) {
        qCDebug(lcAsyncRedis) << "connect failed:" << (context ? context->errstr : "no memory");
        if (context)
            redisAsyncFree(context);
        fail("connect");
        return false;
    }
    m_context = context;
    context->ev.data = this;
    // The hooks act on the current link only (a link being freed no longer is m_context).
    context->ev.addRead = [](void *data) {
        auto *self = static_cast<AsyncRedis *>(data);
        self->watch(self->m_read, QSocketNotifier::Read, true);
    };
    context->ev.delRead = [](void *data) {
        auto *self = static_cast<AsyncRedis *>(data);
        self->watch(self->m_read, QSocketNotifier::Read, false);
    };
    context->ev.addWrite = [](void *data) {
        auto *self = static_cast<AsyncRedis *>(data);
        self->watch(self->m_write, QSocketNotifier::Write, true);
    };
    context->ev.delWrite = [](void *data) {
        auto *self = static_cast<AsyncRedis *>(data);
        self->watch(self->m_write, QSocketNotifier::Write, false);
    };
    context->ev.cleanup = [](void *data) {
        // Called while hiredis frees the link, possibly from a notifier's own signal.
        auto *self = static_cast<AsyncRedis *>(data);
        for (auto *notifier : {&self->m_read, &self->m_write}) {
            if (*notifier) {
                (*notifier)->setEnabled(false);
                notifier->release()->deleteLater();
            }
        }
    };
    redisAsyncSetConnectCallback(context, &AsyncRedis::onConnect);
    redisAsyncSetDisconnectCallback(context, &AsyncRedis::onDisconnect);
    return true;
}

void AsyncRedis::onConnect(const redisAsyncContext *context, int status)
{
    AsyncRedis *self = owner(context);
    if (!self || self->m_context != context)
        return;
    if (status != REDIS_OK) {
        // hiredis frees the context after this returns.
        self->m_context = nullptr;
        self->m_inFlight.clear();
        self->fail("connect");
        return;
    }
    self->m_backoffMs = kMinBackoffMs;
}

void AsyncRedis::onDisconnect(const redisAsyncContext *context, int status)
{
    AsyncRedis *self = owner(context);
    if (!self || self->m_context != context)
        return;
    self->m_context = nullptr; // freed by hiredis after this returns
    self->m_inFlight.clear();
    if (status != REDIS_OK)
        self->fail("link lost");
}

void AsyncRedis::fail(const char *why)
{
    qCDebug(lcAsyncRedis) << "Redis" << why << "- retry in" << m_backoffMs << "ms";
    m_retryAtMs = nowMs() + m_backoffMs;
    m_backoffMs = std::min(m_backoffMs * 2, kMaxBackoffMs);
    if (m_pool)
        m_poolRecoveries = m_pool->recoveries();
}

void AsyncRedis::dropLink()
{
    redisAsyncContext *context = m_context;
    m_context = nullptr;
    m_inFlight.clear();
    redisAsyncFree(context); // every call still waiting gets nullopt
}

void AsyncRedis::checkTimeout()
{
    if (m_inFlight.empty()) {
        m_watchdog.stop();
        return;
    }
    if (!m_context)
        return;
    const qint64 now = nowMs();
    const qint64 silentMs = now - m_inFlight.front()->sentAtMs;
    if (silentMs >= m_downAfter.count()) {
        qCWarning(lcAsyncRedis) << "no reply from Redis for" << silentMs << "ms: link dropped";
        fail("silent");
        dropLink();
        return;
    }
    // Calls past their timeout fail alone (oldest first: the rest are younger); the link stays
    // for the calls behind them, and their late replies are dropped.
    std::vector<Done> late;
    for (Call *call : m_inFlight) {
        if (now - call->sentAtMs <= m_timeout.count())
            break;
        if (call->done) {
            late.push_back(std::move(call->done));
            call->done = nullptr;
        }
    }
    if (!late.empty())
        qCDebug(lcAsyncRedis) << late.size() << "calls got no reply within" << m_timeout.count()
                              << "ms";
    for (Done &done : late)
        done(std::nullopt); // may send more: `late` is this function's own
}

void ScriptCall::add(std::initializer_list<QByteArrayView> parts)
{
    qsizetype size = 0;
    for (const QByteArrayView part : parts)
        size += part.size();
    m_tail += '$';
    appendNumber(m_tail, size);
    m_tail += "\r\n";
    for (const QByteArrayView part : parts)
        m_tail += part;
    m_tail += "\r\n";
    ++m_count;
}

void AsyncRedis::eval(const Script &script,
                      const QList<QByteArray> &keys,
                      const QList<QByteArray> &args,
                      Done done)
{
    qsizetype size = 16;
    for (const auto *list : {&keys, &args}) {
        for (const QByteArray &value : *list)
            size += value.size() + 16;
    }
    ScriptCall arguments(size);
    for (const auto *list : {&keys, &args}) {
        for (const QByteArray &value : *list)
            arguments.add({value});
    }
    arguments.setKeyCount(int(keys.size()));
    eval(script, std::move(arguments), std::move(done));
}

void AsyncRedis::eval(const Script &script, ScriptCall arguments, Done done)
{
    auto call = std::make_unique<Call>();
    call->self = this;
    call->script = &script;
    // numkeys goes first, in front of the arguments.
    call->tail.reserve(arguments.m_tail.size() + 16);
    char digits[24];
    const auto end = std::to_chars(std::begin(digits), std::end(digits), arguments.m_keys).ptr;
    appendBulk(call->tail, QByteArrayView(digits, end - digits));
    call->tail += arguments.m_tail;
    call->tailCount = 1 + arguments.m_count;
    call->done = std::move(done);
    followPool();
    send(std::move(call));
}

void AsyncRedis::send(std::unique_ptr<Call> call)
{
    if (!ensureConnected()) {
        call->done(std::nullopt);
        return;
    }
    const QByteArray command
        = call->retried ? formatCall("EVAL", call->script->source, call->tail, call->tailCount)
                        : formatCall("EVALSHA", call->script->sha, call->tail, call->tailCount);
    Call *raw = call.get();
    if (redisAsyncFormattedCommand(m_context,
                                   &AsyncRedis::onReply,
                                   raw,
                                   command.constData(),
                                   size_t(command.size()))
        != REDIS_OK) {
        call->done(std::nullopt);
        return;
    }
    call.release(); // onReply owns it now
    postFlush();
    raw->sentAtMs = nowMs();
    m_inFlight.push_back(raw);
    if (!m_watchdog.isActive())
        m_watchdog.start();
}

void AsyncRedis::postFlush()
{
    // The commands of one event-loop pass go out together first thing in the next pass, rather
    // than when the write notifier's turn comes among all the sockets that pass handles: Redis
    // starts on them while this thread serves the rest. (Before the link is up the write
    // notifier does it.)
    if (m_flushPosted || !(m_context->c.flags & REDIS_CONNECTED))
        return;
    m_flushPosted = true;
    QMetaObject::invokeMethod(
        this,
        [this] {
            m_flushPosted = false;
            if (m_context && (m_context->c.flags & REDIS_CONNECTED))
                redisAsyncHandleWrite(m_context);
        },
        Qt::QueuedConnection);
}

void AsyncRedis::onReply(redisAsyncContext *context, void *reply, void *privdata)
{
    std::unique_ptr<Call> call(static_cast<Call *>(privdata));
    AsyncRedis *self = call->self;
    if (owner(context) == self && !self->m_inFlight.empty()
        && self->m_inFlight.front() == call.get())
        self->m_inFlight.pop_front();
    if (!call->done) // answered already: it timed out
        return;
    if (!reply) { // the link is going away
        call->done(std::nullopt);
        return;
    }
    Reply converted = toReply(static_cast<redisReply *>(reply));
    if (converted.isError() && converted.string.startsWith("NOSCRIPT") && !call->retried) {
        call->retried = true; // sent as EVAL, which also caches it for the next EVALSHA
        self->send(std::move(call));
        return;
    }
    if (converted.isError()
        && (converted.string.startsWith("LOADING") || converted.string.startsWith("READONLY"))) {
        // A restarted Redis still reading its append-only file, or a demoted primary.
        call->done(std::nullopt);
        return;
    }
    call->done(std::move(converted));
}

} // namespace boxoffice::server::redis
