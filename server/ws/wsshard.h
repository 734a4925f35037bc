// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "seatmapfeed.h"
#include "wsoptions.h"
#include "wsservices.h"

#include <QHash>
#include <QObject>
#include <QSet>
#include <QTimer>

#include <atomic>
#include <vector>

namespace boxoffice::server::metrics {
class Histogram;
}

namespace boxoffice::server::ws {

class ClientSession;

/// A share of the WebSocket connections, living on its own thread: its sessions (and their
/// sockets), who of them subscribes to which seat map, their tick, and the fan-out of the
/// feed's deltas to them. Everything here runs on the shard's thread.
class WsShard : public QObject
{
    Q_OBJECT
public:
    WsShard(const WsServices &services,
            WsOptions options,
            std::atomic_int &connections,
            QObject *parent = nullptr);
    ~WsShard() override;

    /// Takes a session that was just moved to this shard's thread.
    void adopt(ClientSession *session);
    /// Closes every connection (shutdown).
    void closeAll();
    /// Deletes every session and stops the tick: the last call before the thread ends.
    void teardown();
    /// Sessions on this shard (tests and load balancing; read from any thread).
    int sessionCount() const { return m_count.load(std::memory_order_relaxed); }

    void subscribe(ClientSession *session, const QString &eventId);
    void unsubscribe(ClientSession *session, const QString &eventId);
    void forget(ClientSession *session);

    /// A delta from the feed (posted by the hub).
    void onDelta(const boxoffice::server::ws::DeltaFrame &frame);
    /// Reads the order through the OrderService (as GET /orders/{id}) and pushes it to the
    /// owner's sessions on this shard; one read per order at a time, repeated when another
    /// change arrived meanwhile (so the last push is never older than the last change).
    void onOrderChanged(const QString &orderId, const QString &owner);

private:
    /// Fans out the deltas that arrived since the last pass: several deltas that queued up
    /// behind a long fan-out go to each subscriber in one write.
    void fanOut();
    void setCount();

    WsServices m_services;
    WsOptions m_options;
    std::atomic_int &m_connections; // over all shards
    std::atomic_int m_count = 0;
    QSet<ClientSession *> m_sessions;
    QHash<QString, QSet<ClientSession *>> m_subscribers;
    QHash<QString, bool> m_orderReads; // order id -> changed again while being read
    metrics::Histogram *m_fanout = nullptr;
    std::vector<DeltaFrame> m_pending; // arrived, not fanned out yet (version order per event)
    QTimer *m_tick;                    // every session's tick()
};

} // namespace boxoffice::server::ws
