#include "shifts.h"

#include "counterpayment.h"
#include "ids.h"
#include "ruletransaction.h"

#include "db/boxofficerepository.h"
#include "db/counterrepository.h"

namespace boxoffice::server::domain {

using db::BoxOfficeRepository;
using db::CounterRepository;

namespace {

QJsonObject shiftReport(const db::ShiftRow &shift, const db::ShiftTotals &totals)
{
    QJsonObject byMethod;
    qint64 sales = 0, refunds = 0;
    for (const QString &method : {QStringLiteral("cash"),
                                  QStringLiteral("card_present"),
                                  QStringLiteral("comp"),
                                  QStringLiteral("card")}) {
        const qint64 in = totals.salesByMethod.value(method);
        const qint64 out = totals.refundsByMethod.value(method);
        byMethod.insert(method,
                        QJsonObject{{QStringLiteral("sales_cents"), in},
                                    {QStringLiteral("refunds_cents"), out},
                                    {QStringLiteral("net_cents"), in - out}});
        if (method != u"comp") {
            sales += in;
            refunds += out;
        }
    }
    const qint64 expectedCash = shift.floatCents
                                + totals.salesByMethod.value(QStringLiteral("cash"))
                                - totals.refundsByMethod.value(QStringLiteral("cash"));
    QJsonObject report{{QStringLiteral("shift_id"), shift.id},
                       {QStringLiteral("clerk"), shift.clerk},
                       {QStringLiteral("status"), shift.status},
                       {QStringLiteral("kind"), shift.status == u"closed" ? "Z" : "X"},
                       {QStringLiteral("float_cents"), shift.floatCents},
                       {QStringLiteral("opened_at"), shift.openedAt},
                       {QStringLiteral("sales_count"), totals.salesCount},
                       {QStringLiteral("refunds_count"), totals.refundsCount},
                       {QStringLiteral("sales_cents"), sales},
                       {QStringLiteral("refunds_cents"), refunds},
                       {QStringLiteral("net_cents"), sales - refunds},
                       {QStringLiteral("by_method"), byMethod},
                       {QStringLiteral("expected_cash_cents"), expectedCash}};
    if (shift.status == u"closed") {
        report.insert(u"closed_at", shift.closedAt);
        report.insert(u"counted_cents", shift.countedCents.value_or(0));
        report.insert(u"variance_cents", shift.countedCents.value_or(0) - expectedCash);
    }
    return report;
}

} // namespace

Response Shifts::open(const Principal &clerk, const QJsonObject &body)
{
    if (!auth::hasRole(clerk.role, auth::Role::Clerk))
        return Response::fromError(Error(ErrorCode::Forbidden, QStringLiteral("clerks only")));
    return answerInTransaction(m_database, [&](db::Tx &tx) {
        onlyFields(body, {QStringLiteral("float_cents"), QStringLiteral("drawer")});
        const qint64 floatCents = readCents(body, "float_cents");
        const QJsonValue drawerValue = body.value(u"drawer");
        if (!drawerValue.isUndefined()
            && (!drawerValue.isString() || drawerValue.toString().size() > 100))
            throw Error(ErrorCode::BadRequest,
                        QStringLiteral("`drawer` must be a string of at most 100 characters"));
        const QString drawer = drawerValue.toString().trimmed();
        const auto shift = CounterRepository::openShiftAt(tx, clerk.subject, floatCents, drawer);
        if (!shift) {
            if (!drawer.isEmpty())
                throwIfDrawerTaken(tx, clerk, drawer);
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
                                   clerk.subject,
                                   QStringLiteral("shift.open"),
                                   shift->id,
                                   {{QStringLiteral("float_cents"), floatCents},
                                    {QStringLiteral("drawer"), drawer}});
        QJsonObject report = shiftReport(*shift, {});
        report.insert(u"drawer", drawer);
        return Response{201, report};
    });
}

Response Shifts::current(const Principal &clerk, const QString &drawer)
{
    if (!auth::hasRole(clerk.role, auth::Role::Clerk))
        return Response::fromError(Error(ErrorCode::Forbidden, QStringLiteral("clerks only")));
    return answerInTransaction(m_database, [&](db::Tx &tx) {
        const auto shift = BoxOfficeRepository::openShiftOf(tx, clerk.subject);
        if (!shift) {
            if (!drawer.isEmpty())
                throwIfDrawerTaken(tx, clerk, drawer);
            throw Error(ErrorCode::NotFound, QStringLiteral("no open shift"));
        }
        QJsonObject report = shiftReport(*shift, BoxOfficeRepository::totals(tx, shift->id));
        report.insert(u"drawer", CounterRepository::drawerOf(tx, shift->id));
        return Response{200, report};
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

Response Shifts::report(const Principal &clerk, const QString &shiftId)
{
    if (!auth::hasRole(clerk.role, auth::Role::Clerk) || !isUuid(shiftId))
        return Response::fromError(Error(ErrorCode::NotFound, QStringLiteral("no such shift")));
    return answerInTransaction(m_database, [&](db::Tx &tx) {
        const auto shift = BoxOfficeRepository::shift(tx, shiftId, false);
        if (!shift
            || (shift->clerk != clerk.subject && !auth::hasRole(clerk.role, auth::Role::Manager)))
            throw Error(ErrorCode::NotFound, QStringLiteral("no such shift"));
        return Response{200, shiftReport(*shift, BoxOfficeRepository::totals(tx, shiftId))};
    });
}

Response Shifts::close(const Principal &clerk, const QString &shiftId, const QJsonObject &body)
{
    if (!auth::hasRole(clerk.role, auth::Role::Clerk) || !isUuid(shiftId))
        return Response::fromError(Error(ErrorCode::NotFound, QStringLiteral("no such shift")));
    return answerInTransaction(m_database, [&](db::Tx &tx) {
        onlyFields(body, {QStringLiteral("counted_cents")});
        const qint64 counted = readCents(body, "counted_cents");
        auto shift = BoxOfficeRepository::shift(tx, shiftId, true);
        if (!shift
            || (shift->clerk != clerk.subject && !auth::hasRole(clerk.role, auth::Role::Manager)))
            throw Error(ErrorCode::NotFound, QStringLiteral("no such shift"));
        if (shift->status != u"open")
            throw Error(ErrorCode::ShiftClosed, QStringLiteral("the shift is closed already"));
        BoxOfficeRepository::closeShift(tx, shiftId, counted);
        shift = BoxOfficeRepository::shift(tx, shiftId, false);
        const QJsonObject report = shiftReport(*shift, BoxOfficeRepository::totals(tx, shiftId));
        BoxOfficeRepository::audit(tx,
                                   clerk.subject,
                                   QStringLiteral("shift.close"),
                                   shiftId,
                                   {{QStringLiteral("counted_cents"), counted},
                                    {QStringLiteral("variance_cents"),
                                     report.value(u"variance_cents")}});
        return Response{200, report};
    });
}

} // namespace boxoffice::server::domain
