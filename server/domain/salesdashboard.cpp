// SPDX-License-Identifier: GPL-3.0-or-later
#include "salesdashboard.h"

#include "db/database.h"
#include "db/statsrepository.h"
#include "ids.h"
#include "queueservice.h"

namespace boxoffice::server::domain {

SalesDashboard::SalesDashboard(db::Database &database, QueueService &queue)
    : m_database(database)
    , m_queue(queue)
{}

Result<SalesFigures> SalesDashboard::figures(const QString &eventId)
{
    std::optional<db::EventStats> stats;
    if (isUuid(eventId)) {
        m_database.transact([&](db::Tx &tx) { stats = db::StatsRepository::eventStats(tx, eventId); },
                            db::Database::Isolation::RepeatableRead);
    }
    if (!stats)
        return Error(ErrorCode::NotFound, QStringLiteral("no such event"));
    SalesFigures out{eventId, *stats, {}};
    if (stats->queueEnabled)
        out.queue = m_queue.glance(eventId, stats->admitPerMinute);
    return out;
}

} // namespace boxoffice::server::domain
