// SPDX-License-Identifier: GPL-3.0-or-later
#include "clientsession.h"

#include "api/countercodec.h"
#include "api/counterpaymentcodec.h"
#include "api/ordercodec.h"
#include "api/problem.h"
#include "core/unavailable.h"
#include "domain/countersales.h"
#include "domain/hold.h"
#include "domain/holdgate.h"
#include "domain/holdservice.h"
#include "domain/ids.h"
#include "domain/orderservice.h"
#include "domain/queueservice.h"
#include "domain/seatmapcache.h"
#include "domain/seatmapchanges.h"
#include "http/authenticator.h"
#include "http/edgelimits.h"
#include "http/services.h"
#include "http/sessioncookie.h"
#include "metrics/registry.h"
#include "wsframe.h"
#include "wsshard.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QPointer>
#include <QTcpSocket>
#include <QUrlQuery>
#include <QWebSocket>
#include <QtConcurrent>

#include <algorithm>
#include <stdexcept>

namespace boxoffice::server::ws {

Q_LOGGING_CATEGORY(lcWs, "boxoffice.ws")

using domain::Error;
using domain::ErrorCode;
using domain::Response;

namespace {

QJsonObject notImplemented(const QString &op)
{
    return {{QStringLiteral("type"), QStringLiteral("about:blank")},
            {QStringLiteral("title"), QStringLiteral("Not implemented")},
            {QStringLiteral("status"), 501},
            {QStringLiteral("code"), QStringLiteral("not_implemented")},
            {QStringLiteral("detail"), QString(op + QStringLiteral(" is not available yet"))}};
}

// An id parameter (event_id, hold_id, order_id, queue_id): one spelling, as over REST.
QString requireId(const QJsonObject &params, const QString &name)
{
    return domain::canonicalId(requireString(params, name));
}

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
    if (http::SessionCookie::sameOrigin(request.rawHeader("Origin"), request.rawHeader("Host")))
        return http::SessionCookie::token(request.rawHeader("Cookie"));
    return {};
}

std::atomic<qint64> g_queuedTotal = 0;

} // namespace

ClientSession::ClientSession(QWebSocket *socket,
                             http::Services &services,
                             WsShard &shard,
                             const WsOptions &options,
                             QObject *parent)
    : QObject(parent)
    , m_socket(socket)
    , m_services(services)
    , m_shard(shard)
    , m_options(options)
    , m_tokens(options.opsBurst)
{
    socket->setParent(this);
    // Qt makes the upgraded TCP socket the QWebSocket's child, and QWebSocket writes each frame
    // to it at once (no buffer of its own), so a ready-made frame can go there directly.
    m_tcp = socket->findChild<QTcpSocket *>(QString(), Qt::FindDirectChildrenOnly);
    socket->setMaxAllowedIncomingMessageSize(quint64(options.maxFrameBytes));
    socket->setMaxAllowedIncomingFrameSize(quint64(options.maxFrameBytes));
    m_bucketClock.start();
    m_lastSeen.start();
    m_age.start();
    m_unauthenticatedFor.start();
    m_peer = socket->peerAddress().toString();
    connect(socket, &QWebSocket::textMessageReceived, this, &ClientSession::onText);
    connect(socket, &QWebSocket::binaryMessageReceived, this, [this] {
        m_lastSeen.restart();
        replyError(QJsonValue::Null, badRequest(QStringLiteral("frames are JSON text")));
    });
    connect(socket, &QWebSocket::pong, this, [this] { m_lastSeen.restart(); });
    connect(socket, &QWebSocket::bytesWritten, this, &ClientSession::onBytesWritten);
    connect(socket, &QWebSocket::aboutToClose, this, [this] { m_closing = true; });
    connect(socket, &QWebSocket::disconnected, this, [this] {
        m_closing = true;
        m_gone = true;
        if (m_adopted)
            m_shard.forget(this);
        deleteLater();
    });

    const QByteArray token = upgradeToken(*socket);
    if (!token.isEmpty()) {
        try {
            http::Request request;
            request.headers.append({"authorization", "Bearer " + token});
            m_principal = m_services.authenticator.authenticate(request);
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
    if (m_adopted)
        m_shard.forget(this);
    setQueued(0);
}

void ClientSession::closeSocket(QWebSocketProtocol::CloseCode code, const QString &reason)
{
    m_closing = true;
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
    if (!m_principal && m_unauthenticatedFor.elapsed() > m_options.authTimeoutMs) {
        closeSocket(QWebSocketProtocol::CloseCodePolicyViolated,
                    QStringLiteral("authentication timeout"));
        return;
    }
    if (m_lastSeen.elapsed() > m_options.idleTimeoutMs) {
        closeSocket(QWebSocketProtocol::CloseCodeNormal, QStringLiteral("idle timeout"));
        return;
    }
    if (m_lastSeen.elapsed() > m_options.pingIntervalMs)
        m_socket->ping();
    pollQueues();
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
    if (!m_principal)
        throw Error(ErrorCode::Unauthenticated, QStringLiteral("send an auth op first"));
    const domain::Principal caller = *m_principal;
    auto &services = m_services;
    if (op == u"subscribe") {
        subscribe(id, params);
    } else if (op == u"unsubscribe") {
        const QString eventId = requireId(params, QStringLiteral("event_id"));
        m_subscriptions.remove(eventId);
        m_shard.unsubscribe(this, eventId);
        replyOk(id, {});
    } else if (op == u"hold.create") {
        QJsonObject body = params;
        std::optional<QString> key;
        if (body.value(u"idempotency_key").isString())
            key = body.value(u"idempotency_key").toString();
        http::Request request;
        if (body.value(u"admission_token").isString())
            request.headers.append(
                {"x-admission-token", body.value(u"admission_token").toString().toUtf8()});
        body.remove(QStringLiteral("idempotency_key"));
        body.remove(QStringLiteral("admission_token"));
        auto hold = domain::parseHoldRequest(body);
        hold.admittedEventId = services.authenticator.admittedEvent(request, caller);
        rpc(id, [&services, caller, hold, key, peer = m_peer] {
            return services.holdGate.create(caller, hold, key, peer);
        });
    } else if (op == u"hold.get" || op == u"hold.release") {
        const QString holdId = requireId(params, QStringLiteral("hold_id"));
        const bool release = op == u"hold.release";
        rpc(id, [&services, caller, holdId, release] {
            if (!release) {
                const auto hold = services.holds.find(caller, holdId);
                return hold ? Response{200, hold->toJson()} : Response::fromError(hold.error());
            }
            const auto released = services.holdGate.release(caller, holdId);
            return released ? Response{204, {}} : Response::fromError(released.error());
        });
    } else if (op == u"order.create" || op == u"order.get") {
        orderOp(id, op, params);
    } else if (op == u"queue.join" || op == u"queue.status") {
        const QString eventId = requireId(params, QStringLiteral("event_id"));
        const bool join = op == u"queue.join";
        const QString queueId = join ? QString() : requireId(params, QStringLiteral("queue_id"));
        QPointer<ClientSession> self(this);
        QtConcurrent::run(domain::databaseWorkers(services.database),
                          [&services, caller, eventId, queueId, join, peer = m_peer] {
                              try {
                                  return join ? services.queue.join(caller, eventId, peer)
                                              : services.queue.status(caller, eventId, queueId);
                              } catch (const Error &error) {
                                  return Response::fromError(error);
                              } catch (const std::exception &error) {
                                  return Response::fromError(
                                      Error(ErrorCode::Unavailable,
                                            QStringLiteral("temporarily unavailable")));
                              }
                          })
            .then(this, [this, id, eventId](const Response &response) {
                if (response.isError())
                    return replyError(id, response.body);
                replyOk(id, response.body);
                watchQueue(eventId, response.body);
            });
    } else if (op == u"queue.join" || op == u"queue.status") {
        replyError(id, notImplemented(op));
    } else {
        throw badRequest(QStringLiteral("unknown op"));
    }
}

// The same services and problems as POST /orders and GET /orders/{id}.
void ClientSession::orderOp(const QJsonValue &id, const QString &op, const QJsonObject &params)
{
    auto &services = m_services;
    const domain::Principal caller = *m_principal;
    if (op == u"order.get") {
        const QString orderId = requireId(params, QStringLiteral("order_id"));
        rpc(id, [&services, caller, orderId] {
            return api::orderAnswer(services.orders.get(caller, orderId));
        });
        return;
    }
    const QString holdId = api::orderHoldId(params, {QStringLiteral("idempotency_key")});
    std::optional<QString> key;
    if (params.contains(u"idempotency_key"))
        key = requireString(params, QStringLiteral("idempotency_key"));
    if (params.contains(u"payment")) {
        const auto payment = api::parseCounterPayment(params.value(u"payment"));
        rpc(id, [&services, caller, holdId, payment, key] {
            return api::placedOrderAnswer(
                services.counterSales.sell(caller, holdId, payment, key, api::counterSaleCodec()));
        });
        return;
    }
    rpc(id, [&services, caller, holdId, key, peer = m_peer] {
        // The same per-user and per-address limit as POST /orders (on the worker: Redis I/O).
        if (auto limited = services.holdGate.rateLimit(QByteArrayLiteral("order"), caller, peer))
            return Response::fromError(*limited);
        return api::placedOrderAnswer(
            services.orders.create(caller, {holdId, {}, key}, api::orderClaimCodec()));
    });
}

void ClientSession::authenticate(const QJsonValue &id, const QByteArray &token)
{
    http::Request request;
    request.headers.append({"authorization", "Bearer " + token});
    m_principal = m_services.authenticator.authenticate(request);
    m_token = token;
    replyOk(id,
            {{QStringLiteral("sub"), m_principal->subject},
             {QStringLiteral("role"), auth::roleName(m_principal->role)}});
}

bool ClientSession::tokenStillValid()
{
    if (!m_principal || m_principal->expiresAtSecs <= 0
        || QDateTime::currentSecsSinceEpoch() < m_principal->expiresAtSecs)
        return bool(m_principal);
    try {
        // Past `exp`: the verifier decides (its leeway, as for REST requests).
        http::Request request;
        request.headers.append({"authorization", "Bearer " + m_token});
        m_services.authenticator.authenticate(request);
        return true;
    } catch (const Error &) {
        m_principal.reset();
        m_token.clear();
        m_queueWatches.clear(); // their polls would act for a caller that is gone
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
    Subscription &subscription = m_subscriptions[eventId];
    subscription = Subscription{};
    m_shard.subscribe(this, eventId);
    catchUp(eventId, since, id);
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
                  auto it = m_subscriptions.find(eventId);
                  if (it == m_subscriptions.end())
                      return; // unsubscribed meanwhile
                  if (!result) {
                      m_subscriptions.erase(it);
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
                      send(formatSnapshot(eventId, result->version, result->snapshotJson), false);
                  } else {
                      for (const auto &delta : result->deltas)
                          send(formatDelta(eventId, delta.version, delta.changes), false);
                  }
                  Subscription &subscription = *it;
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
    auto it = m_subscriptions.find(frame.eventId);
    if (it == m_subscriptions.end())
        return false;
    Subscription &subscription = *it;
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
    if (!sendDelta(frame))
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

void ClientSession::rpc(const QJsonValue &id, std::function<Response()> work)
{
    QtConcurrent::run(domain::databaseWorkers(m_services.database), [work] {
        try {
            return work();
        } catch (const Error &error) {
            return Response::fromError(error);
        } catch (const std::exception &error) {
            qCWarning(lcWs) << "op failed:" << error.what();
            return Response::fromError(
                Error(ErrorCode::Unavailable, QStringLiteral("temporarily unavailable")));
        }
    }).then(this, [this, id](const Response &response) {
        if (response.isError())
            replyError(id, response.body);
        else
            replyOk(id, response.body);
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

bool ClientSession::overBound(qint64 bytes)
{
    if (!m_congested && m_queued + bytes <= m_options.maxQueuedBytes)
        return false;
    if (!m_congested) {
        // Drop the backlog: nothing more is queued for this client; once it drains, each
        // subscription gets a fresh snapshot instead of every delta it missed.
        m_congested = true;
        for (Subscription &subscription : m_subscriptions)
            subscription.needSnapshot = true;
        metrics::Registry::instance()
            .counter(QStringLiteral("boxoffice_ws_backlog_dropped_total"), {})
            .add();
    }
    return true;
}

bool ClientSession::send(const QString &text, bool droppable)
{
    if (droppable && overBound(text.size()))
        return false;
    // Frames that cannot be dropped (replies, snapshots) are bounded too: a client that asks
    // and asks without reading (subscribe in a loop) is cut off, not buffered without end.
    if (m_queued + text.size() > http::edge::maxOutboundBytes()) {
        if (!m_gone && m_socket->state() == QAbstractSocket::ConnectedState) {
            http::edge::countSlowConsumer("ws");
            m_closing = true;
            m_socket->abort();
        }
        return false;
    }
    setQueued(m_queued + m_socket->sendTextMessage(text));
    return true;
}

bool ClientSession::sendDelta(const DeltaFrame &frame)
{
    if (!m_tcp || frame.wire.isEmpty())
        return send(frame.text, true);
    if (overBound(frame.wire.size()))
        return false;
    if (m_closing || m_socket->state() != QAbstractSocket::ConnectedState)
        return true; // nothing may follow a close frame; the session goes soon
    setQueued(m_queued + std::max<qint64>(0, m_tcp->write(frame.wire)));
    return true;
}

void ClientSession::onBytesWritten(qint64 bytes)
{
    setQueued(std::max<qint64>(0, m_queued - bytes));
    if (!m_congested || m_queued > m_options.maxQueuedBytes / 4)
        return;
    m_congested = false;
    for (auto it = m_subscriptions.begin(); it != m_subscriptions.end(); ++it) {
        if (!it->needSnapshot)
            continue;
        it->needSnapshot = false;
        it->catchingUp = true;
        catchUp(it.key(), -1, QJsonValue::Undefined);
    }
}

void ClientSession::setQueued(qint64 queued)
{
    // Looked up once: this runs for every frame sent and written.
    static metrics::Gauge &queuedGauge
        = metrics::Registry::instance().gauge(QStringLiteral("boxoffice_ws_queued_bytes"), {});
    static metrics::Gauge &peak = metrics::Registry::instance()
                                      .gauge(QStringLiteral("boxoffice_ws_max_queued_bytes"), {});
    const qint64 total = g_queuedTotal.fetch_add(queued - m_queued) + (queued - m_queued);
    m_queued = queued;
    queuedGauge.set(double(total));
    if (double(queued) > peak.value())
        peak.set(double(queued));
}

void ClientSession::watchQueue(const QString &eventId, const QJsonObject &place)
{
    QueueWatch &watch = m_queueWatches[eventId];
    watch.queueId = place.value(u"queue_id").toString();
    watch.last = place;
    watch.dueMs = m_age.elapsed() + 1000 * std::max(1, place.value(u"retry_after").toInt(1));
    if (place.value(u"state").toString() != u"waiting")
        m_queueWatches.remove(eventId); // admitted or expired: nothing more to push
}

// Polls the watched places when their retry_after is due (so a session costs what a polling
// client would) and pushes `queue.update` when the place changed.
void ClientSession::pollQueues()
{
    if (!m_principal || m_queueWatches.isEmpty())
        return;
    const qint64 now = m_age.elapsed();
    for (auto it = m_queueWatches.begin(); it != m_queueWatches.end(); ++it) {
        if (it->polling || now < it->dueMs)
            continue;
        it->polling = true;
        auto &services = m_services;
        const auto caller = *m_principal;
        const QString eventId = it.key();
        const QString queueId = it->queueId;
        QtConcurrent::run(domain::databaseWorkers(services.database),
                          [&services, caller, eventId, queueId] {
                              try {
                                  return services.queue.status(caller, eventId, queueId);
                              } catch (const Error &error) {
                                  return Response::fromError(error);
                              } catch (const std::exception &) {
                                  return Response::fromError(
                                      Error(ErrorCode::Unavailable,
                                            QStringLiteral("temporarily unavailable")));
                              }
                          })
            .then(this, [this, eventId](const Response &response) {
                auto found = m_queueWatches.find(eventId);
                if (found == m_queueWatches.end())
                    return;
                found->polling = false;
                if (response.status == 404) {
                    m_queueWatches.erase(found);
                    return;
                }
                if (response.isError()) { // Redis away: try again in a while
                    found->dueMs = m_age.elapsed() + 2000;
                    return;
                }
                const QJsonObject place = response.body;
                const bool changed = place.value(u"state") != found->last.value(u"state")
                                     || place.value(u"position") != found->last.value(u"position");
                if (changed) {
                    QJsonObject frame = place;
                    frame.insert(QStringLiteral("type"), QStringLiteral("queue.update"));
                    send(QString::fromUtf8(QJsonDocument(frame).toJson(QJsonDocument::Compact)),
                         false);
                }
                watchQueue(eventId, place);
            });
    }
}

} // namespace boxoffice::server::ws
