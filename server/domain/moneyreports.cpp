// SPDX-License-Identifier: GPL-3.0-or-later
#include "moneyreports.h"

#include "db/auditrepository.h"
#include "db/database.h"
#include "db/eventexportrepository.h"
#include "db/moneyreportrepository.h"
#include "db/reconciliation.h"
#include "db/statsrepository.h"
#include "ids.h"

#include <stdexcept>

namespace boxoffice::server::domain {

namespace {

Error unknownEvent()
{
    return Error(ErrorCode::NotFound, QStringLiteral("no such event"));
}

} // namespace

MoneyReports::MoneyReports(db::Database &database)
    : m_database(database)
{}

Result<db::MoneyReport> MoneyReports::report(const db::ReportScope &scope)
{
    std::optional<db::MoneyReport> out;
    std::optional<Error> refused;
    m_database.transact(
        [&](db::Tx &tx) {
            const auto zone = db::MoneyReportRepository::timeZone(tx, scope.eventId, scope.venueId);
            if (!zone) {
                ErrorDetails details;
                details.field = QStringLiteral("venue_id");
                refused = scope.eventId.isEmpty()
                              ? Error(ErrorCode::InvalidField,
                                      QStringLiteral("no venue `%1`").arg(scope.venueId),
                                      std::move(details))
                              : unknownEvent();
                return;
            }
            std::optional<db::ReportPeriod> period;
            if (scope.day.isValid())
                period = db::MoneyReportRepository::period(tx, scope.day, *zone);
            out = db::MoneyReportRepository::report(tx, scope, period);
            // An event's places now, from the same snapshot (as GET /events/{id}/stats counts).
            if (!scope.eventId.isEmpty()) {
                if (const auto stats = db::StatsRepository::eventStats(tx, scope.eventId))
                    out->capacity = stats->places;
            }
        },
        db::Database::Isolation::RepeatableRead);
    if (refused)
        return *refused;
    return *out;
}

Result<db::Settlement> MoneyReports::settlement(const QString &eventId)
{
    if (!isUuid(eventId)) // what cannot be an event's id is none (not a database error)
        return unknownEvent();
    std::optional<db::Settlement> out;
    m_database.transact([&](db::Tx &tx) { out = db::MoneyReportRepository::settlement(tx, eventId); },
                        db::Database::Isolation::RepeatableRead);
    if (!out)
        return unknownEvent();
    return *out;
}

Result<db::Settlement> MoneyReports::setCommission(const Principal &manager,
                                                   const QString &eventId,
                                                   int basisPoints)
{
    bool found = false;
    m_database.transact([&](db::Tx &tx) {
        const auto before = db::MoneyReportRepository::setCommission(tx, eventId, basisPoints);
        found = before.has_value();
        if (!found || *before == basisPoints)
            return;
        db::AuditEntry entry{.actor = manager.subject,
                             .action = QStringLiteral("event.commission"),
                             .eventId = eventId,
                             .subject = eventId};
        entry.before.insert(QStringLiteral("commission_bps"), *before);
        entry.after.insert(QStringLiteral("commission_bps"), basisPoints);
        db::AuditRepository::record(tx, entry);
    });
    if (!found)
        return unknownEvent();
    return settlement(eventId);
}

Result<db::ReconcileReport> MoneyReports::reconcile(const QString &eventId)
{
    if (!isUuid(eventId)) // what cannot be an event's id is none (not a database error)
        return unknownEvent();
    std::optional<db::ReconcileReport> out;
    // One snapshot: every check sees the same moment, even while the server sells.
    m_database.transact([&](db::Tx &tx) { out = db::Reconciliation::report(tx, eventId); },
                        db::Database::Isolation::RepeatableRead);
    if (!out)
        return unknownEvent();
    return *out;
}

QStringList MoneyReports::exportColumns(db::EventExport which)
{
    return db::EventExportRepository::columns(which);
}

bool MoneyReports::eventExists(const QString &eventId)
{
    bool exists = false;
    m_database.transact(
        [&](db::Tx &tx) { exists = db::EventExportRepository::eventExists(tx, eventId); });
    return exists;
}

void MoneyReports::exportRows(db::EventExport which,
                              const QString &eventId,
                              const std::function<bool(const QList<QStringList> &)> &sink)
{
    bool sent = false;
    m_database.transact(
        [&](db::Tx &tx) {
            // transact() runs its body again after a lost connection: rows already sent would
            // go out twice, so a second run refuses instead.
            if (sent)
                throw std::runtime_error("export interrupted");
            db::EventExportRepository::stream(tx,
                                              which,
                                              eventId,
                                              kExportBatch,
                                              [&](const QList<QStringList> &rows) {
                                                  sent = true;
                                                  return sink(rows);
                                              });
        },
        db::Database::Isolation::RepeatableRead);
}

} // namespace boxoffice::server::domain
