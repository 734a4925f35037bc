#pragma once

#include <QByteArray>
#include <QHash>
#include <QMutex>
#include <QString>

#include <optional>

namespace boxoffice::server::db {
class Database;
}

namespace boxoffice::server::domain {

class CatalogService;

/// Serialized seat maps per event and version, so a popular event's 60,000-seat map is built
/// once per version. A projection for readers: never used to decide anything.
class SeatmapCache
{
public:
    SeatmapCache(db::Database &database, CatalogService &catalog, int maxEvents = 64);

    struct Snapshot
    {
        qint64 version = 0;
        QByteArray json;
    };
    /// The current seat map of `eventId`; Error(NotFound) for an unknown event.
    Snapshot get(const QString &eventId);

private:
    db::Database &m_database;
    CatalogService &m_catalog;
    int m_maxEvents;
    QMutex m_mutex;
    QHash<QString, Snapshot> m_snapshots;
};

} // namespace boxoffice::server::domain
