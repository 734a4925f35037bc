// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/searchservice.h"
#include "outbox/outboxrelay.h"
#include "realtimeconfig.h"
#include "ws/seatmapfeed.h"
#include "ws/wshub.h"

#include <atomic>
#include <memory>
#include <thread>

namespace boxoffice::server::domain {
class SeatmapCache;
}
namespace boxoffice::server::http {
class ApiServer;
struct Services;
} // namespace boxoffice::server::http

namespace boxoffice::server {

/// The realtime half of `serve`: outbox relay + search projector, the LISTEN feed, the
/// WebSocket hub at /ws, catalog search, seat history and /metrics.
class Realtime
{
public:
    Realtime(http::ApiServer &api,
             http::Services &services,
             const std::string &databaseUrl,
             const RealtimeConfig &config);
    ~Realtime();

    /// Closes WebSocket connections and stops the background threads.
    void stop();

private:
    domain::SearchService m_search;
    domain::SeatmapCache &m_seatmaps;
    std::unique_ptr<outbox::OutboxRelay> m_relay;
    ws::SeatmapFeed m_feed;
    ws::WsHub m_hub;
    std::atomic_bool m_stopWarming = false;
    std::thread m_warming; // builds the soonest events' seat maps at startup
};

} // namespace boxoffice::server
