// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/eventstats.h"
#include "queueplace.h"
#include "result.h"

namespace boxoffice::server::db {
class Database;
}

namespace boxoffice::server::domain {

class QueueService;

/// GET /events/{id}/stats: an event's figures and its waiting room.
struct SalesFigures
{
    QString eventId;
    db::EventStats stats;
    QueueGlance queue;
};

/// The back office's live figures of a sale (docs/back-office.md, Stats): read in one
/// repeatable-read snapshot, so that capacity = available + held + sold + comps + held back.
class SalesDashboard
{
public:
    SalesDashboard(db::Database &database, QueueService &queue);

    /// NotFound for an unknown event.
    Result<SalesFigures> figures(const QString &eventId);

private:
    db::Database &m_database;
    QueueService &m_queue;
};

} // namespace boxoffice::server::domain
