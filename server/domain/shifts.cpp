// SPDX-License-Identifier: GPL-3.0-or-later
#include "shifts.h"

#include "events/counteraudit.h"
#include "ids.h"
#include "ruletransaction.h"

#include "db/boxofficerepository.h"
#include "db/counterrepository.h"

namespace boxoffice::server::domain {

using db::BoxOfficeRepository;
using db::CounterRepository;

namespace {

ShiftReport reportOf(const db::ShiftRow &shift, const db::ShiftTotals &totals)
{
    ShiftReport report;
    report.shiftId = shift.id;
    report.clerk = shift.clerk;
    report.status = shift.status;
    report.floatCents = shift.floatCents;
    report.openedAt = shift.openedAt;
    report.salesCount = totals.salesCount;
    report.refundsCount = totals.refundsCount;
    for (const QString &method : {QStringLiteral("cash"),
                                  QStringLiteral("card_present"),
                                  QStringLiteral("comp"),
                                  QStringLiteral("card")}) {
        const ShiftMethodTotals money{method,
                                      totals.salesByMethod.value(method),
                                      totals.refundsByMethod.value(method)};
        report.byMethod.append(money);
        if (method != u"comp") { // listed apart, left out of the sums
            report.salesCents += money.salesCents;
            report.refundsCents += money.refundsCents;
        }
    }
    report.expectedCashCents = shift.floatCents + totals.salesByMethod.value(QStringLiteral("cash"))
                               - totals.refundsByMethod.value(QStringLiteral("cash"));
    if (report.closed()) {
        report.closedAt = shift.closedAt;
        report.countedCents = shift.countedCents.value_or(0);
        report.varianceCents = report.countedCents - report.expectedCashCents;
    }
    return report;
}

Error notClerk()
{
    return Error(ErrorCode::Forbidden, QStringLiteral("clerks only"));
}

Error noSuchShift()
{
    return Error(ErrorCode::NotFound, QStringLiteral("no such shift"));
}

} // namespace

Result<ShiftReport> Shifts::open(const Principal &clerk, const OpenShift &request)
{
    if (!auth::hasRole(clerk.role, auth::Role::Clerk))
        return notClerk();
    return resultInTransaction<ShiftReport>(m_database, [&](db::Tx &tx) {
        const auto shift = CounterRepository::openShiftAt(tx,
                                                          clerk.subject,
                                                          request.floatCents,
                                                          request.drawer);
        if (!shift) {
            if (!request.drawer.isEmpty())
                throwIfDrawerTaken(tx, clerk, request.drawer);
            // The open shift's id lets a restarted app pick it up (GET /shifts/current too).
            const auto open = BoxOfficeRepository::openShiftOf(tx, clerk.subject);
            ErrorDetails details;
            if (open)
                details.shiftId = open->id;
            throw Error(ErrorCode::ShiftOpen,
                        QStringLiteral("this clerk has an open shift"),
                        std::move(details));
        }
        BoxOfficeRepository::audit(tx,
                                   events::ShiftOpened{clerk.subject,
                                                       shift->id,
                                                       request.floatCents,
                                                       request.drawer});
        ShiftReport report = reportOf(*shift, {});
        report.drawer = request.drawer;
        return report;
    });
}

Result<ShiftReport> Shifts::current(const Principal &clerk, const QString &drawer)
{
    if (!auth::hasRole(clerk.role, auth::Role::Clerk))
        return notClerk();
    return resultInTransaction<ShiftReport>(m_database, [&](db::Tx &tx) {
        const auto shift = BoxOfficeRepository::openShiftOf(tx, clerk.subject);
        if (!shift) {
            if (!drawer.isEmpty())
                throwIfDrawerTaken(tx, clerk, drawer);
            throw Error(ErrorCode::NotFound, QStringLiteral("no open shift"));
        }
        ShiftReport report = reportOf(*shift, BoxOfficeRepository::totals(tx, shift->id));
        report.drawer = CounterRepository::drawerOf(tx, shift->id);
        return report;
    });
}

void Shifts::throwIfDrawerTaken(db::Tx &tx, const Principal &clerk, const QString &drawer)
{
    const auto holder = CounterRepository::openShiftAtDrawer(tx, drawer);
    if (holder && holder->clerk != clerk.subject)
        throw Error(ErrorCode::DrawerInUse,
                    QStringLiteral("drawer %1 is in use by %2's open shift")
                        .arg(drawer, holder->clerk),
                    ErrorDetails{.drawer = drawer,
                                 .clerk = holder->clerk,
                                 .shiftId = holder->id,
                                 .openedAt = holder->openedAt});
}

Result<ShiftReport> Shifts::report(const Principal &clerk, const QString &shiftId)
{
    if (!auth::hasRole(clerk.role, auth::Role::Clerk) || !isUuid(shiftId))
        return noSuchShift();
    return resultInTransaction<ShiftReport>(m_database, [&](db::Tx &tx) {
        const auto shift = BoxOfficeRepository::shift(tx, shiftId, false);
        if (!shift
            || (shift->clerk != clerk.subject && !auth::hasRole(clerk.role, auth::Role::Manager)))
            throw noSuchShift();
        return reportOf(*shift, BoxOfficeRepository::totals(tx, shiftId));
    });
}

Result<ShiftReport> Shifts::close(const Principal &clerk,
                                  const QString &shiftId,
                                  qint64 countedCents)
{
    if (!auth::hasRole(clerk.role, auth::Role::Clerk) || !isUuid(shiftId))
        return noSuchShift();
    return resultInTransaction<ShiftReport>(m_database, [&](db::Tx &tx) {
        auto shift = BoxOfficeRepository::shift(tx, shiftId, true);
        if (!shift
            || (shift->clerk != clerk.subject && !auth::hasRole(clerk.role, auth::Role::Manager)))
            throw noSuchShift();
        if (shift->status != u"open")
            throw Error(ErrorCode::ShiftClosed, QStringLiteral("the shift is closed already"));
        BoxOfficeRepository::closeShift(tx, shiftId, countedCents);
        shift = BoxOfficeRepository::shift(tx, shiftId, false);
        const ShiftReport report = reportOf(*shift, BoxOfficeRepository::totals(tx, shiftId));
        BoxOfficeRepository::audit(tx,
                                   events::ShiftClosed{clerk.subject,
                                                       shiftId,
                                                       countedCents,
                                                       report.varianceCents});
        return report;
    });
}

} // namespace boxoffice::server::domain
