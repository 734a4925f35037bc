// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/seatmapchange.h"

#include <QString>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

class QThreadPool;

namespace boxoffice::server::db {
class Database;
class SeatmapListener;
} // namespace boxoffice::server::db

namespace boxoffice::server::domain {

class SeatmapCache;

using db::OrderChange;
using db::SeatmapCatchUp;
using db::SeatmapDelta;

/// Seat-map versions and order changes as they commit, for the WebSocket feed: a session that
/// LISTENs (db::SeatmapListener) and reads the logged rows. Owned by one thread; throws
/// std::exception when the connection breaks.
class ChangeListener
{
public:
    explicit ChangeListener(const std::string &url);
    ~ChangeListener();

    /// Waits up to `timeoutMs` for notifications; returns the (event id, version) pairs.
    std::vector<std::pair<QString, qint64>> wait(int timeoutMs);
    /// Log rows of `eventId` with version > `after`, in order.
    std::vector<SeatmapDelta> deltasAfter(const QString &eventId, qint64 after);
    /// True when orders changed since the last call (collected by wait()).
    bool takeOrdersNotified();
    /// Order changes with seq > `after`, in order (at most 1000).
    std::vector<OrderChange> ordersAfter(qint64 after);
    /// The newest order change's seq (0 when none): where a fresh feed starts.
    qint64 lastOrderSeq();

private:
    std::unique_ptr<db::SeatmapListener> m_listener;
};

/// What a subscriber at version `since` of `eventId` needs: the missing deltas, or the cached
/// snapshot (the same map as GET /events/{id}/seatmap) when too far behind; std::nullopt for an
/// unknown (or meanwhile deleted) event. Blocks: run it on databaseWorkers().
std::optional<SeatmapCatchUp> seatmapCatchUp(db::Database &database,
                                             SeatmapCache &seatmaps,
                                             const QString &eventId,
                                             qint64 since);

/// Whether the database answers (GET /readyz).
bool databaseReachable(db::Database &database);
/// The threads the database's blocking work runs on (the transports queue reads there).
QThreadPool *databaseWorkers(db::Database &database);

} // namespace boxoffice::server::domain
