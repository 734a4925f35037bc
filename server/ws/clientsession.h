// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "api/answer.h"
#include "domain/error.h"
#include "domain/principal.h"
#include "flatmap.h"
#include "queuewatch.h"
#include "seatmapfeed.h"
#include "sendqueue.h"
#include "watcherslots.h"
#include "wsoptions.h"
#include "wsservices.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QObject>
#include <QWebSocketProtocol>

#include <functional>
#include <optional>
#include <vector>

class QWebSocket;

namespace boxoffice::server::ws {

class WsShard;

/// One WebSocket connection: authentication, the RPC ops (through the same sale operations as
/// REST, run on the database worker pool), seat-map subscriptions with gap-free catch-up, and
/// the limits (frame size, ops per second, ping and idle timeout; the bounded send queue is
/// SendQueue's). Without a token a connection may only watch a few seat maps (a "watcher":
/// read only, a limited number per address, kept open while it watches).
class ClientSession : public QObject
{
    Q_OBJECT
public:
    ClientSession(QWebSocket *socket,
                  const WsServices &services,
                  WsShard &shard,
                  const WsOptions &options,
                  WatcherSlots &watchers,
                  QObject *parent);
    ~ClientSession() override;

    void close();
    /// The connection ended (its session is about to be deleted).
    bool isGone() const { return m_gone; }
    /// Its shard took it: requests that arrived before are handled now, on the shard's thread.
    void adopted();
    QStringList subscriptions() const { return m_subscriptions.keys(); }
    /// Live deltas of one event this session subscribes to (consecutive versions), written to
    /// the socket at once.
    void pushDeltas(const std::vector<DeltaFrame> &frames);
    /// The authenticated caller, if any.
    const std::optional<domain::Principal> &principal() const { return m_principal; }
    /// An `order.update` push (never dropped: it is not recoverable from the seat map).
    void pushOrder(const QString &text) { send(text, false); }
    /// Auth and idle timeouts, pings, queue polls: called by the hub about once a second (one
    /// timer for all sessions; thousands of timers cost more than the sessions' work).
    void tick();

private:
    struct Subscription
    {
        qint64 version = -1;
        bool catchingUp = true; // deltas wait until the catch-up answer is in
        bool needSnapshot = false;
        bool statusForm = false; // snapshots as a code per seat (the client keeps the layout)
        qint64 seenLive = 0;
    };

    bool pushDelta(const DeltaFrame &frame);
    void onText(const QString &text);
    void onBytesWritten(qint64 bytes);
    void handle(const QJsonValue &id, const QString &op, const QJsonObject &params);
    void authenticate(const QJsonValue &id, const QByteArray &token);
    /// Whether the session's token is still valid (checked again once its `exp` is reached, and
    /// for staff tokens every time: their account may have been disabled);
    /// when it is not, the session is unauthenticated again: it must send `auth` with a new
    /// token within the auth timeout, or it is closed.
    bool tokenStillValid();
    void subscribe(const QJsonValue &id, const QJsonObject &params);
    void unsubscribe(const QJsonValue &id, const QJsonObject &params);
    /// Seat maps without a token: a watcher slot for this address, a few maps per socket.
    void watch(const QJsonValue &id, const QJsonObject &params);
    /// Gives the watcher slot back (signed in, nothing watched any more, or gone).
    void stopWatching();
    void catchUp(const QString &eventId, qint64 since, const QJsonValue &replyId);
    /// Runs `work` on the database workers and replies with its answer; `answered` then gets
    /// a success.
    void rpc(
        const QJsonValue &id,
        std::function<api::Answer()> work,
        std::function<void(const api::Answer &)> answered = [](const auto &) {});

    void replyOk(const QJsonValue &id, const QJsonObject &result);
    void replyError(const QJsonValue &id, const QJsonObject &problem);
    void replyError(const QJsonValue &id, const domain::Error &error);
    /// Sends a frame through the send queue (SendQueue: `droppable` frames are refused while
    /// it is congested, which turns the subscriptions into snapshot-on-resume).
    bool send(const QString &text, bool droppable);
    void closeSocket(QWebSocketProtocol::CloseCode code, const QString &reason);
    bool takeToken();

    QWebSocket *m_socket;
    WsServices m_services;
    WsShard &m_shard;
    WsOptions m_options;
    WatcherSlots &m_watchers;
    bool m_watching = false;               // holds a watcher slot for m_peer
    FlatMap<Subscription> m_subscriptions; // before m_sendQueue, whose callback uses it
    SendQueue m_sendQueue;
    QueueWatch m_queueWatch; ///< queue places joined or asked about, pushed as they change
    std::optional<domain::Principal> m_principal;
    QByteArray m_token;                 // the token m_principal came from
    QString m_peer;                     // the client's address (per-address rate limits)
    QElapsedTimer m_unauthenticatedFor; // since connecting, or since the token expired
    bool m_gone = false;
    bool m_adopted = false; // registered with m_shard (until then, requests wait)
    QStringList m_early;    // requests that arrived before
    qint64 m_earlyBytes = 0;
    double m_tokens = 0;
    int m_refused = 0;
    QElapsedTimer m_bucketClock;
    QElapsedTimer m_lastSeen;
};

} // namespace boxoffice::server::ws
