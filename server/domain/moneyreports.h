// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/moneyreport.h"
#include "db/rows/reconciliation.h"
#include "principal.h"
#include "result.h"

#include <QList>
#include <QStringList>

#include <functional>

namespace boxoffice::server::db {
class Database;
}

namespace boxoffice::server::domain {

/// Reports, settlements and an event's CSV exports over the transaction log (docs/reports.md).
/// Each answer is read in one repeatable-read snapshot, so its figures add up.
class MoneyReports
{
public:
    /// Rows read from PostgreSQL at a time by an export.
    static constexpr int kExportBatch = 2000;

    explicit MoneyReports(db::Database &database);

    /// The report of `scope` (an event or a venue, optionally a day in the venue's time zone, a
    /// channel, a clerk). 404 `not_found` for an unknown event; 422 `invalid_field` naming
    /// `venue_id` for an unknown venue.
    Result<db::MoneyReport> report(const db::ReportScope &scope);
    /// What the event's promoter is owed; 404 for an unknown event.
    Result<db::Settlement> settlement(const QString &eventId);
    /// Sets the event's commission (0-10000 basis points, the codec checks), audited as
    /// `event.commission`; answers the settlement with it. 404 for an unknown event.
    Result<db::Settlement> setCommission(const Principal &manager,
                                         const QString &eventId,
                                         int basisPoints);
    /// Whether the event's tickets, seats, orders, payments and log agree: every difference
    /// (docs/transactions.md, "Reconciliation"), read in one snapshot while sales go on. What
    /// `boxoffice-server reconcile` prints and GET /events/{id}/reconcile answers; 404 for an
    /// unknown event.
    Result<db::ReconcileReport> reconcile(const QString &eventId);
    /// The columns of an export, in the order of its cells.
    static QStringList exportColumns(db::EventExport which);
    /// Whether the event exists (an export checks before it starts streaming).
    bool eventExists(const QString &eventId);
    /// Every row of an event's export, kExportBatch at a time, in one snapshot; `sink` returns
    /// false to stop. Throws when the database fails part way (rows sent cannot be taken back).
    void exportRows(db::EventExport which,
                    const QString &eventId,
                    const std::function<bool(const QList<QStringList> &)> &sink);

private:
    db::Database &m_database;
};

} // namespace boxoffice::server::domain
