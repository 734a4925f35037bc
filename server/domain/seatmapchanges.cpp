// SPDX-License-Identifier: GPL-3.0-or-later
#include "seatmapchanges.h"

#include "db/database.h"
#include "db/seatmaplistener.h"
#include "db/seatmaprepository.h"
#include "error.h"
#include "seatmapcache.h"

#include <stdexcept>

namespace boxoffice::server::domain {

ChangeListener::ChangeListener(const std::string &url)
    : m_listener(std::make_unique<db::SeatmapListener>(url))
{}

ChangeListener::~ChangeListener() = default;

std::vector<std::pair<QString, qint64>> ChangeListener::wait(int timeoutMs)
{
    return m_listener->wait(timeoutMs);
}

std::vector<SeatmapDelta> ChangeListener::deltasAfter(const QString &eventId, qint64 after)
{
    return m_listener->deltasAfter(eventId, after);
}

bool ChangeListener::takeOrdersNotified()
{
    return m_listener->takeOrdersNotified();
}

std::vector<OrderChange> ChangeListener::ordersAfter(qint64 after)
{
    return m_listener->ordersAfter(after);
}

qint64 ChangeListener::lastOrderSeq()
{
    return m_listener->lastOrderSeq();
}

std::optional<SeatmapCatchUp> seatmapCatchUp(db::Database &database,
                                             SeatmapCache &seatmaps,
                                             const QString &eventId,
                                             qint64 since)
{
    std::optional<SeatmapCatchUp> out;
    database.transact([&](db::Tx &tx) { out = db::SeatmapRepository::catchUp(tx, eventId, since); },
                      db::Database::Isolation::RepeatableRead);
    if (out && out->snapshot) {
        // The same cached map as GET /events/{id}/seatmap, at its own (newer or equal) version:
        // one snapshot path.
        try {
            const auto snapshot = seatmaps.get(eventId);
            out->version = snapshot.version;
            out->snapshotJson = snapshot.ws;
            out->snapshotStatus = snapshot.status;
        } catch (const Error &) {
            return std::nullopt; // deleted meanwhile
        }
    }
    return out;
}

bool databaseReachable(db::Database &database)
{
    return database.ping();
}

QThreadPool *databaseWorkers(db::Database &database)
{
    return database.workers();
}

} // namespace boxoffice::server::domain
