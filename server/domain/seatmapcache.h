// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QHash>
#include <QMutex>
#include <QSet>
#include <QString>
#include <QThreadPool>

#include <atomic>
#include <memory>

namespace boxoffice::server::db {
class Database;
struct SeatmapStatuses;
} // namespace boxoffice::server::db

namespace boxoffice::server::domain {

struct SeatmapLayout;

/// Serialized seat maps per event, for GET /events/{id}/seatmap and WebSocket snapshots alike,
/// kept current by patching: every status (and GA count) sits in a fixed-width slot of the JSON
/// text, so moving to a newer version applies the seat-map log's deltas in place instead of
/// rebuilding 60,000 seats. A build writes the map from the event's template (a compressed
/// SeatTable in seatmap_templates, expanded by SeatmapLayout) and fills its slots from the status
/// vector the relay keeps at each version; only an event's first build reads every seat's layout.
/// A projection for readers: never used to decide anything.
class SeatmapCache
{
public:
    explicit SeatmapCache(db::Database &database, int maxEvents = 64);
    ~SeatmapCache();

    struct Snapshot
    {
        qint64 version = 0;
        QByteArray json;   ///< GET body
        QByteArray ws;     ///< {"seats":[{"id","status"}],"ga":[{"id","available"}]}, same version
        QByteArray status; ///< {"layout","status":"<a code per seat, plan order>","ga"}, same
        QByteArray plan;   ///< the layout's fixed part by column: changes only with `layout`
        int layout = 0;    ///< the event's seat layout (price categories moved: a new one)
    };
    /// The current seat map of `eventId`; throws Error(NotFound) for an unknown event.
    Snapshot get(const QString &eventId);
    /// Builds the maps of the `count` events that start soonest, so that their first readers
    /// get a cached map moved forward by the log instead of a build (~0.2 s for 60,000 seats).
    /// Blocking: run it off the event loop. Stops early when `stop` turns true.
    void warm(int count, const std::atomic_bool &stop);
    /// Builds the map of a new event in the background: its first build reads every seat's
    /// layout and stores the event's template, so that readers (on any server) never wait for
    /// that.
    void prepare(const QString &eventId);

private:
    struct Entry;
    static Snapshot snapshotOf(const Entry &entry);
    /// From the stored template (or `old`'s text) and the statuses; nullptr without a template.
    std::shared_ptr<Entry> build(const QString &eventId, const std::shared_ptr<Entry> &old);
    /// From every seat's layout; stores the template.
    std::shared_ptr<Entry> scan(const QString &eventId);
    /// Fills `entry`'s slots; live statuses when the status vector does not fit (and a rebuild
    /// of the vector when the statuses were live). False when even those do not fit.
    bool fill(Entry &entry, db::SeatmapStatuses &statuses, const QString &eventId);
    /// Rebuilds the event's status vector in the background (once per event and process).
    void rebuildStatuses(const QString &eventId);

    db::Database &m_database;
    int m_maxEvents;
    QMutex m_mutex;
    QHash<QString, std::shared_ptr<Entry>> m_entries;
    QSet<QString> m_rebuilt;
    QThreadPool m_builders; // last: destroyed (waiting for its work) first
};

} // namespace boxoffice::server::domain
