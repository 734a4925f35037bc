// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/seatmapchange.h"

#include <QByteArray>
#include <QString>

#include <memory>
#include <string>
#include <vector>

namespace boxoffice::server::db {

struct PqConnection;

/// A dedicated session that LISTENs on `seatmap` (and `orders`) and reads the log rows notified.
/// Owned by one thread; throws std::exception when the connection breaks. Its session is named
/// `boxoffice-feed` (application_name) so that fault tests can find it.
class SeatmapListener
{
public:
    explicit SeatmapListener(const std::string &url);
    ~SeatmapListener();

    /// Waits up to `timeoutMs` for notifications; returns the (event id, version) pairs.
    std::vector<std::pair<QString, qint64>> wait(int timeoutMs);
    /// Log rows of `eventId` with version > `after`, in order.
    std::vector<SeatmapDelta> deltasAfter(const QString &eventId, qint64 after);
    /// True when `orders` was notified since the last call (collected by wait()).
    bool takeOrdersNotified();
    /// order_log rows with seq > `after`, in order (at most 1000).
    std::vector<OrderChange> ordersAfter(qint64 after);
    /// The newest order_log seq (0 when empty): where a fresh feed starts.
    qint64 lastOrderSeq();

private:
    struct Receiver;
    struct OrderReceiver;
    std::unique_ptr<PqConnection> m_pq;
    std::unique_ptr<Receiver> m_receiver;
    std::unique_ptr<OrderReceiver> m_orders;
};

} // namespace boxoffice::server::db
