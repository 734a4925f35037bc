// SPDX-License-Identifier: GPL-3.0-or-later
#include "shiftcodec.h"

#include "counterpaymentcodec.h"

#include "domain/error.h"

namespace boxoffice::server::api {

using domain::Error;
using domain::ErrorCode;

domain::OpenShift parseOpenShift(const QJsonObject &body)
{
    onlyFields(body, {QStringLiteral("float_cents"), QStringLiteral("drawer")});
    domain::OpenShift request;
    request.floatCents = readCents(body, "float_cents");
    const QJsonValue drawer = body.value(u"drawer");
    if (!drawer.isUndefined() && (!drawer.isString() || drawer.toString().size() > 100))
        throw Error(ErrorCode::BadRequest,
                    QStringLiteral("`drawer` must be a string of at most 100 characters"));
    request.drawer = drawer.toString().trimmed();
    return request;
}

qint64 parseCountedCents(const QJsonObject &body)
{
    onlyFields(body, {QStringLiteral("counted_cents")});
    return readCents(body, "counted_cents");
}

QJsonObject shiftReportJson(const domain::ShiftReport &report)
{
    QJsonObject byMethod;
    for (const domain::ShiftMethodTotals &money : report.byMethod)
        byMethod.insert(money.method,
                        QJsonObject{{QStringLiteral("sales_cents"), money.salesCents},
                                    {QStringLiteral("refunds_cents"), money.refundsCents},
                                    {QStringLiteral("net_cents"),
                                     money.salesCents - money.refundsCents}});
    QJsonObject out{{QStringLiteral("shift_id"), report.shiftId},
                    {QStringLiteral("clerk"), report.clerk},
                    {QStringLiteral("status"), report.status},
                    {QStringLiteral("kind"), report.closed() ? "Z" : "X"},
                    {QStringLiteral("float_cents"), report.floatCents},
                    {QStringLiteral("opened_at"), report.openedAt},
                    {QStringLiteral("sales_count"), report.salesCount},
                    {QStringLiteral("refunds_count"), report.refundsCount},
                    {QStringLiteral("sales_cents"), report.salesCents},
                    {QStringLiteral("refunds_cents"), report.refundsCents},
                    {QStringLiteral("net_cents"), report.salesCents - report.refundsCents},
                    {QStringLiteral("by_method"), byMethod},
                    {QStringLiteral("expected_cash_cents"), report.expectedCashCents}};
    if (report.closed()) {
        out.insert(u"closed_at", report.closedAt);
        out.insert(u"counted_cents", report.countedCents);
        out.insert(u"variance_cents", report.varianceCents);
    }
    if (report.drawer)
        out.insert(u"drawer", *report.drawer);
    return out;
}

} // namespace boxoffice::server::api
