// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace boxoffice::server::db {

struct PqConnection;

/// A seat-map version the relay wrote.
struct PublishedVersion
{
    QString eventId;
    qint64 version = 0;
};

/// The relay's own session: the leader advisory lock lives on it (it is released when the
/// session ends, so a killed leader hands over at once) and the relay transactions run on it.
/// Not thread-safe; one thread owns it. Throws std::exception when the connection breaks.
class RelayStore
{
public:
    explicit RelayStore(const std::string &url);
    ~RelayStore();

    /// True when this session holds (or just took) the relay lock.
    bool tryLead();
    /// One relay transaction: takes the rows after the relay cursor whose transaction is below
    /// the snapshot's xmin (so a late commit is never skipped), in (txid, id) order, writes one
    /// seat-map log version per event with the seats' status as of now, records seat history and
    /// appends order changes to order_log (one statement each for the whole batch), moves the
    /// cursor past the rows and notifies `seatmap` and `orders` — all or nothing.
    std::vector<PublishedVersion> relayBatch(int limit);
    /// Outbox rows the last relayBatch() took (published or not about a seat map).
    int lastBatchRows() const { return m_lastBatchRows; }
    /// Seconds since the oldest unpublished row was written (0 when none).
    double lagSeconds();
    /// Deletes seat-map and order log rows older than `keepSeconds`, keeping the newest (each
    /// event's, and order_log's last, which feeds start their cursor from); returns how many
    /// seat-map rows went.
    int prune(int keepSeconds);

private:
    std::unique_ptr<PqConnection> m_pq;
    int m_lastBatchRows = 0;
};

} // namespace boxoffice::server::db
