#include "seatmapcache.h"

#include "catalogservice.h"
#include "db/database.h"
#include "db/seatmaprepository.h"

#include <QJsonDocument>

namespace boxoffice::server::domain {

SeatmapCache::SeatmapCache(db::Database &database, CatalogService &catalog, int maxEvents)
    : m_database(database)
    , m_catalog(catalog)
    , m_maxEvents(maxEvents)
{}

SeatmapCache::Snapshot SeatmapCache::get(const QString &eventId)
{
    std::optional<qint64> version;
    m_database.transact([&](db::Tx &tx) { version = db::SeatmapRepository::version(tx, eventId); });
    if (version) {
        QMutexLocker lock(&m_mutex);
        const auto it = m_snapshots.constFind(eventId);
        if (it != m_snapshots.constEnd() && it->version == *version)
            return *it;
    }
    const Response map = m_catalog.seatmap(eventId);
    if (map.isError())
        throw Error(ErrorCode::NotFound, QStringLiteral("no such event"));
    Snapshot snapshot{map.body.value(u"version").toInteger(),
                      QJsonDocument(map.body).toJson(QJsonDocument::Compact)};
    QMutexLocker lock(&m_mutex);
    if (m_snapshots.size() >= m_maxEvents && !m_snapshots.contains(eventId))
        m_snapshots.erase(m_snapshots.begin()); // any one: a cache miss only costs a rebuild
    m_snapshots.insert(eventId, snapshot);
    return snapshot;
}

} // namespace boxoffice::server::domain
