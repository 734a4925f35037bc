#pragma once

#include "seatmapfeed.h"
#include "wsoptions.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QTimer>

#include <vector>

class QWebSocketServer;
class QWebSocket;

namespace boxoffice::server::http {
struct Services;
}

namespace boxoffice::server::metrics {
class Histogram;
}

namespace boxoffice::server::ws {

class WsSession;

/// The WebSocket endpoint: takes upgraded connections, keeps who subscribes to which seat map,
/// and fans out the feed's deltas to this instance's subscribers.
class WsHub : public QObject
{
    Q_OBJECT
public:
    WsHub(http::Services &services, SeatmapFeed &feed, WsOptions options, QObject *parent = nullptr);
    ~WsHub() override;

    /// Adopts an upgraded connection.
    void accept(QWebSocket *socket);
    /// Closes every connection (shutdown).
    void closeAll();

    void subscribe(WsSession *session, const QString &eventId);
    void unsubscribe(WsSession *session, const QString &eventId);
    void forget(WsSession *session);

private:
    void onDelta(const DeltaFrame &frame);
    /// Fans out the deltas that arrived since the last pass: several deltas that queued up
    /// behind a long fan-out go to each subscriber in one write.
    void fanOut();
    /// Reads the order through the OrderService (as GET /orders/{id}) and pushes it to the
    /// owner's sessions on this instance; one read per order at a time, repeated when another
    /// change arrived meanwhile (so the last push is never older than the last change).
    void onOrderChanged(const QString &orderId, const QString &owner);

    http::Services &m_services;
    WsOptions m_options;
    QSet<WsSession *> m_sessions;
    QHash<QString, QSet<WsSession *>> m_subscribers;
    QHash<QString, bool> m_orderReads; // order id -> changed again while being read
    metrics::Histogram *m_fanout = nullptr;
    std::vector<DeltaFrame> m_pending; // arrived, not fanned out yet (version order per event)
    QTimer m_tick;                     // every session's tick()
};

} // namespace boxoffice::server::ws
