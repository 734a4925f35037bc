// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "seatmapfeed.h"
#include "watcherslots.h"
#include "wsoptions.h"
#include "wsservices.h"

#include <QObject>

#include <atomic>
#include <memory>
#include <vector>

class QThread;
class QWebSocket;

namespace boxoffice::server::ws {

class WsShard;

/// The WebSocket endpoint: takes upgraded connections and spreads them over a few shards, each
/// a thread with its own event loop that owns its sessions' sockets; the feed's deltas are
/// formatted once and posted to every shard, which fans them out to its subscribers.
class WsHub : public QObject
{
    Q_OBJECT
public:
    WsHub(const WsServices &services,
          SeatmapFeed &feed,
          WsOptions options,
          QObject *parent = nullptr);
    ~WsHub() override;

    /// Adopts an upgraded connection (on the hub's thread, right after the upgrade).
    void accept(QWebSocket *socket);
    /// Closes every connection (shutdown); returns once every shard has sent its close frames.
    void closeAll();
    /// Number of shard threads.
    int shardCount() const { return int(m_shards.size()); }

private:
    void onDelta(const DeltaFrame &frame);
    void onOrderChanged(const QString &orderId, const QString &owner);

    struct Shard
    {
        std::unique_ptr<QThread> thread;
        std::unique_ptr<WsShard> shard;
    };

    WsServices m_services;
    WsOptions m_options;
    WatcherSlots m_watchers; // before the shards: their sessions give slots back as they go
    std::atomic_int m_connections = 0;
    std::vector<Shard> m_shards;
    std::unique_ptr<WsShard> m_local; // on this thread, for sockets that cannot move
};

} // namespace boxoffice::server::ws
