// SPDX-License-Identifier: GPL-3.0-or-later
#include "clientsession.h"

#include "api/problem.h"
#include "api/sessioncookie.h"
#include "core/unavailable.h"
#include "domain/seatmapcache.h"
#include "domain/seatmapchanges.h"
#include "domain/tokenauthenticator.h"
#include "salesops.h"
#include "wsframe.h"
#include "wsshard.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QUrlQuery>
#include <QWebSocket>
#include <QtConcurrent>

#include <algorithm>
#include <stdexcept>

namespace boxoffice::server::ws {

Q_LOGGING_CATEGORY(lcWs, "boxoffice.ws")

using api::Answer;
using domain::Error;
using domain::ErrorCode;

namespace {

// The token from `Authorization: Bearer` on the upgrade, or `?access_token=`, or the browser's
// session cookie when the page that opens the socket is this server's own (a page elsewhere
// must not ride on the fan's cookie).
QByteArray upgradeToken(const QWebSocket &socket)
{
    const QNetworkRequest &request = socket.request();
    const QByteArray header = request.rawHeader("Authorization");
    if (header.startsWith("Bearer "))
        return header.mid(7).trimmed();
    const QByteArray query
        = QUrlQuery(socket.requestUrl()).queryItemValue(QStringLiteral("access_token")).toUtf8();
    if (!query.isEmpty())
        return query;
    if (api::SessionCookie::sameOrigin(request.rawHeader("Origin"), request.rawHeader("Host")))
        return api::SessionCookie::token(request.rawHeader("Cookie"));
    return {};
}

} // namespace

ClientSession::ClientSession(QWebSocket *socket,
                             const WsServices &services,
                             WsShard &shard,
                             const WsOptions &options,
                             WatcherSlots &watchers,
                             QObject *parent)
    : QObject(parent)
    , m_socket(socket)
    , m_services(services)
    , m_shard(shard)
    , m_options(options)
    , m_watchers(watchers)
    , m_sendQueue(socket,
                  options.maxQueuedBytes,
                  [this] {
                      for (auto &[eventId, subscription] : m_subscriptions)
                          subscription.needSnapshot = true;
                  })
    , m_queueWatch(this, services, [this](const QString &frame) { send(frame, false); })
    , m_tokens(options.opsBurst)
{
    socket->setParent(this);
    socket->setMaxAllowedIncomingMessageSize(quint64(options.maxFrameBytes));
    socket->setMaxAllowedIncomingFrameSize(quint64(options.maxFrameBytes));
    m_bucketClock.start();
    m_lastSeen.start();
    m_unauthenticatedFor.start();
    m_peer = socket->peerAddress().toString();
    connect(socket, &QWebSocket::textMessageReceived, this, &ClientSession::onText);
    connect(socket, &QWebSocket::binaryMessageReceived, this, [this] {
        m_lastSeen.restart();
        replyError(QJsonValue::Null, badRequest(QStringLiteral("frames are JSON text")));
    });
    connect(socket, &QWebSocket::pong, this, [this] { m_lastSeen.restart(); });
    connect(socket, &QWebSocket::bytesWritten, this, &ClientSession::onBytesWritten);
    connect(socket, &QWebSocket::aboutToClose, this, [this] { m_sendQueue.closing(); });
    connect(socket, &QWebSocket::disconnected, this, [this] {
        m_sendQueue.closing();
        m_gone = true;
        if (m_adopted)
            m_shard.forget(this);
        deleteLater();
    });

    const QByteArray token = upgradeToken(*socket);
    if (!token.isEmpty()) {
        try {
            m_principal = m_services.tokens.principal(token);
            m_token = token;
        } catch (const Error &error) {
            replyError(QJsonValue::Null, error);
            closeSocket(QWebSocketProtocol::CloseCodePolicyViolated,
                        QStringLiteral("unauthenticated"));
        }
    }
}

ClientSession::~ClientSession()
{
    stopWatching();
    if (m_adopted)
        m_shard.forget(this);
}

void ClientSession::closeSocket(QWebSocketProtocol::CloseCode code, const QString &reason)
{
    m_sendQueue.closing();
    m_socket->close(code, reason);
}

void ClientSession::close()
{
    closeSocket(QWebSocketProtocol::CloseCodeGoingAway, QStringLiteral("server shutdown"));
    m_socket->flush(); // the close frame goes now: the shutdown may not give the loop a turn
}

void ClientSession::tick()
{
    if (m_principal && !tokenStillValid()) {
        // Told once; the auth timeout runs from now.
        send(QStringLiteral("{\"type\":\"auth.expired\"}"), false);
    }
    if (m_watching && m_subscriptions.isEmpty())
        stopWatching(); // its subscriptions were refused or failed: it watches nothing
    if (!m_principal && !m_watching && m_unauthenticatedFor.elapsed() > m_options.authTimeoutMs) {
        closeSocket(QWebSocketProtocol::CloseCodePolicyViolated,
                    QStringLiteral("authentication timeout"));
        return;
    }
    if (m_lastSeen.elapsed() > m_options.idleTimeoutMs) {
        closeSocket(QWebSocketProtocol::CloseCodeNormal, QStringLiteral("idle timeout"));
        return;
    }
    if (m_lastSeen.elapsed() > m_options.pingIntervalMs)
        m_sendQueue.ping();
    if (m_principal)
        m_queueWatch.poll(*m_principal);
}

bool ClientSession::takeToken()
{
    const double elapsed = double(m_bucketClock.restart()) / 1000.0;
    m_tokens = std::min(double(m_options.opsBurst), m_tokens + elapsed * m_options.opsPerSecond);
    if (m_tokens < 1.0)
        return false;
    m_tokens -= 1.0;
    return true;
}

void ClientSession::adopted()
{
    m_adopted = true;
    for (const QString &text : std::exchange(m_early, {}))
        onText(text);
}

void ClientSession::onText(const QString &text)
{
    m_lastSeen.restart();
    if (!m_adopted) {
        // The shard's state is not to be touched from this thread yet: kept for the shard,
        // where the ops limit applies as usual. Bounded: a client that floods before its
        // session is even placed is cut off.
        m_earlyBytes += text.size();
        if (m_earlyBytes <= 4 * m_options.maxFrameBytes)
            m_early.append(text);
        else
            closeSocket(QWebSocketProtocol::CloseCodePolicyViolated, QStringLiteral("rate limited"));
        return;
    }
    const WsFrame frame = WsFrame::parse(text);
    if (frame.status == WsFrame::Status::NotAnObject) {
        replyError(QJsonValue::Null, badRequest(QStringLiteral("a frame is one JSON object")));
        return;
    }
    const QJsonValue &id = frame.id;
    if (!takeToken()) {
        // A client that keeps hammering after being told is cut off.
        if (++m_refused > m_options.opsBurst) {
            closeSocket(QWebSocketProtocol::CloseCodePolicyViolated, QStringLiteral("rate limited"));
            return;
        }
        Error error(ErrorCode::RateLimited,
                    QStringLiteral("more than %1 operations per second").arg(m_options.opsPerSecond),
                    domain::ErrorDetails{.retryAfterSeconds = 1});
        replyError(id, error);
        return;
    }
    m_refused = 0;
    if (frame.status == WsFrame::Status::NoIdOrOp) {
        replyError(id, badRequest(QStringLiteral("a request has an id and an op")));
        return;
    }
    try {
        handle(id, frame.op, frame.params);
    } catch (const Error &error) {
        replyError(id, error);
    }
}

void ClientSession::handle(const QJsonValue &id, const QString &op, const QJsonObject &params)
{
    if (op == u"auth") {
        authenticate(id, requireString(params, QStringLiteral("token")).toUtf8());
        return;
    }
    if (m_principal && !tokenStillValid())
        throw Error(ErrorCode::Unauthenticated,
                    QStringLiteral("the token has expired: send auth with a new one"));
    if (!m_principal) {
        // Without a token: watching seat maps only.
        if (op == u"subscribe")
            watch(id, params);
        else if (op == u"unsubscribe")
            unsubscribe(id, params);
        else
            throw Error(ErrorCode::Unauthenticated, QStringLiteral("send an auth op first"));
        return;
    }
    const domain::Principal caller = *m_principal;
    if (op == u"subscribe") {
        subscribe(id, params);
    } else if (op == u"unsubscribe") {
        unsubscribe(id, params);
    } else if (auto work = salesOp(m_services.sales, caller, m_peer, op, params)) {
        // A queue place the session joined or asked for is then pushed as it changes.
        const QString watched = op.startsWith(u"queue.")
                                    ? requireId(params, QStringLiteral("event_id"))
                                    : QString();
        rpc(id, std::move(*work), [this, watched](const Answer &answer) {
            if (!watched.isEmpty())
                m_queueWatch.watch(watched, answer.body);
        });
    } else {
        throw badRequest(QStringLiteral("unknown op"));
    }
}

void ClientSession::authenticate(const QJsonValue &id, const QByteArray &token)
{
    m_principal = m_services.tokens.principal(token);
    m_token = token;
    stopWatching(); // signed in: its subscriptions are a fan's now, not a watcher's
    replyOk(id,
            {{QStringLiteral("sub"), m_principal->subject},
             {QStringLiteral("role"), auth::roleName(m_principal->role)}});
}

bool ClientSession::tokenStillValid()
{
    if (!m_principal)
        return false;
    // A staff session asks about its account every time, as a REST request does (a disabled
    // account is out at once, a demotion counts); a fan's token is checked again past `exp`,
    // and its session against the resets and erasures this server knows of (a memory look-up).
    const bool staff = m_principal->role != auth::Role::Fan;
    if (!staff && !m_services.tokens.sessionEnded(*m_principal)
        && (m_principal->expiresAtSecs <= 0
            || QDateTime::currentSecsSinceEpoch() < m_principal->expiresAtSecs))
        return true;
    try {
        // Past `exp`: the verifier decides (its leeway, as for REST requests).
        m_principal = m_services.tokens.principal(m_token);
        return true;
    } catch (const Error &) {
        m_principal.reset();
        m_token.clear();
        m_queueWatch.clear(); // their polls would act for a caller that is gone
        m_unauthenticatedFor.restart();
        return false;
    }
}

void ClientSession::subscribe(const QJsonValue &id, const QJsonObject &params)
{
    if (params.value(u"topic").toString() != u"seatmap")
        throw badRequest(QStringLiteral("topic must be \"seatmap\""));
    const QString eventId = requireId(params, QStringLiteral("event_id"));
    const qint64 since = subscriptionSince(params);
    const QString format = params.value(u"format").toString(QStringLiteral("seats"));
    if (format != u"seats" && format != u"status")
        throw badRequest(QStringLiteral("format must be \"seats\" or \"status\""));
    Subscription &subscription = m_subscriptions[eventId];
    subscription = Subscription{};
    subscription.statusForm = format == u"status";
    m_shard.subscribe(this, eventId);
    catchUp(eventId, since, id);
}

void ClientSession::unsubscribe(const QJsonValue &id, const QJsonObject &params)
{
    const QString eventId = requireId(params, QStringLiteral("event_id"));
    m_subscriptions.remove(eventId);
    m_shard.unsubscribe(this, eventId);
    if (m_subscriptions.isEmpty() && !m_principal) {
        stopWatching();
        m_unauthenticatedFor.restart(); // a socket that watches nothing must sign in or go
    }
    replyOk(id, {});
}

void ClientSession::watch(const QJsonValue &id, const QJsonObject &params)
{
    if (params.value(u"topic").toString() != u"seatmap")
        throw badRequest(QStringLiteral("topic must be \"seatmap\""));
    const QString eventId = requireId(params, QStringLiteral("event_id"));
    if (!m_subscriptions.contains(eventId)
        && m_subscriptions.size() >= m_options.watcherSubscriptions)
        throw Error(ErrorCode::RateLimited,
                    QStringLiteral("at most %1 seat maps per connection without signing in")
                        .arg(m_options.watcherSubscriptions),
                    domain::ErrorDetails{.limit = m_options.watcherSubscriptions});
    if (!m_watching) {
        if (!m_watchers.take(m_peer))
            throw Error(ErrorCode::RateLimited,
                        QStringLiteral("too many connections watch seat maps from your address"),
                        domain::ErrorDetails{.limit = m_options.watchersPerAddress,
                                             .retryAfterSeconds = 30});
        m_watching = true;
    }
    subscribe(id, params);
}

void ClientSession::stopWatching()
{
    if (std::exchange(m_watching, false))
        m_watchers.give(m_peer);
}

void ClientSession::catchUp(const QString &eventId, qint64 since, const QJsonValue &replyId)
{
    db::Database &database = m_services.database;
    domain::SeatmapCache &seatmaps = m_services.seatmaps;
    QtConcurrent::run(domain::databaseWorkers(database),
                      [&database, &seatmaps, eventId, since] {
                          return domain::seatmapCatchUp(database, seatmaps, eventId, since);
                      })
        .then(this,
              [this, eventId, replyId](const std::optional<domain::SeatmapCatchUp> &result) {
                  Subscription *found = m_subscriptions.find(eventId);
                  if (!found)
                      return; // unsubscribed meanwhile
                  if (!result) {
                      m_subscriptions.remove(eventId);
                      m_shard.unsubscribe(this, eventId);
                      replyError(replyId,
                                 Error(ErrorCode::NotFound, QStringLiteral("no such event")));
                      return;
                  }
                  if (!replyId.isUndefined())
                      replyOk(replyId,
                              {{QStringLiteral("mode"),
                                result->snapshot ? QStringLiteral("snapshot")
                                                 : QStringLiteral("delta")},
                               {QStringLiteral("version"), result->version}});
                  if (result->snapshot) {
                      send(formatSnapshot(eventId,
                                          result->version,
                                          found->statusForm ? result->snapshotStatus
                                                            : result->snapshotJson),
                           false);
                  } else {
                      for (const auto &delta : result->deltas)
                          send(formatDelta(eventId, delta.version, delta.changes), false);
                  }
                  Subscription &subscription = *found; // sending adds or removes none
                  subscription.version = result->version;
                  subscription.catchingUp = false;
                  if (subscription.seenLive > subscription.version) {
                      subscription.catchingUp = true;
                      catchUp(eventId, subscription.version, QJsonValue::Undefined);
                  }
              })
        .onFailed(this, [this, eventId, replyId] {
            m_subscriptions.remove(eventId);
            m_shard.unsubscribe(this, eventId);
            if (!replyId.isUndefined())
                replyError(replyId,
                           Error(ErrorCode::Unavailable,
                                 QStringLiteral("the database is unavailable")));
            else
                closeSocket(QWebSocketProtocol::CloseCodeAbnormalDisconnection,
                            QStringLiteral("seat map unavailable"));
        });
}

bool ClientSession::pushDelta(const DeltaFrame &frame)
{
    Subscription *found = m_subscriptions.find(frame.eventId);
    if (!found)
        return false;
    Subscription &subscription = *found;
    if (subscription.catchingUp || subscription.needSnapshot) {
        subscription.seenLive = std::max(subscription.seenLive, frame.version);
        return false;
    }
    if (frame.version <= subscription.version)
        return false; // already had it (consumers are idempotent by version)
    if (frame.version != subscription.version + 1) {
        // A gap (this instance's feed started later than the subscription's version): fetch
        // the missing versions from the log before going on.
        subscription.catchingUp = true;
        subscription.seenLive = frame.version;
        catchUp(frame.eventId, subscription.version, QJsonValue::Undefined);
        return false;
    }
    if (!m_sendQueue.sendDelta(frame))
        return false;
    subscription.version = frame.version;
    return true;
}

void ClientSession::pushDeltas(const std::vector<DeltaFrame> &frames)
{
    bool wrote = false;
    for (const DeltaFrame &frame : frames)
        wrote = pushDelta(frame) || wrote;
    // Written now rather than on the next event-loop pass: the fan-out loop reaches the first
    // subscribers' sockets while it still queues for the rest, one write for all the frames.
    if (wrote)
        m_socket->flush();
}

void ClientSession::rpc(const QJsonValue &id,
                        OpWork work,
                        std::function<void(const Answer &)> answered)
{
    QtConcurrent::run(domain::databaseWorkers(m_services.database), [work] {
        try {
            return work();
        } catch (const Error &error) {
            return api::problem(error);
        } catch (const std::exception &error) {
            qCWarning(lcWs) << "op failed:" << error.what();
            return api::problem(
                Error(ErrorCode::Unavailable, QStringLiteral("temporarily unavailable")));
        }
    }).then(this, [this, id, answered](const Answer &response) {
        if (response.isError())
            return replyError(id, response.body);
        replyOk(id, response.body);
        answered(response);
    });
}
void ClientSession::replyOk(const QJsonValue &id, const QJsonObject &result)
{
    send(QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("id"), id},
                                                     {QStringLiteral("ok"), true},
                                                     {QStringLiteral("result"), result}})
                               .toJson(QJsonDocument::Compact)),
         false);
}

void ClientSession::replyError(const QJsonValue &id, const QJsonObject &problem)
{
    send(QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("id"), id},
                                                     {QStringLiteral("ok"), false},
                                                     {QStringLiteral("error"), problem}})
                               .toJson(QJsonDocument::Compact)),
         false);
}

void ClientSession::replyError(const QJsonValue &id, const Error &error)
{
    replyError(id, api::problemJson(error));
}

void ClientSession::onBytesWritten(qint64 bytes)
{
    if (!m_sendQueue.written(bytes))
        return;
    for (auto &[eventId, subscription] : m_subscriptions) {
        if (!subscription.needSnapshot)
            continue;
        subscription.needSnapshot = false;
        subscription.catchingUp = true;
        catchUp(eventId, -1, QJsonValue::Undefined);
    }
}

bool ClientSession::send(const QString &text, bool droppable)
{
    return m_sendQueue.send(text, droppable);
}

} // namespace boxoffice::server::ws
