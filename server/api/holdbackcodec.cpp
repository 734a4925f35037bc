// SPDX-License-Identifier: GPL-3.0-or-later
#include "holdbackcodec.h"

#include "domain/error.h"
#include "fieldreader.h"

#include <QJsonArray>

#include <algorithm>

namespace boxoffice::server::api {

using domain::Error;
using domain::ErrorCode;
using domain::ErrorDetails;

namespace {

// A whole hall's worth of seats fits (the largest venues have ~60,000).
constexpr int kMaxSeats = 100000;
constexpr int kMaxSeatIdLength = 255;
constexpr int kMaxAllocationLength = 100;

Error fieldError(ErrorCode code, const QString &field, const QString &detail)
{
    ErrorDetails details;
    details.field = field;
    return Error(code, detail, details);
}

// Distinct and sorted: the order the seats are locked in.
QStringList readSeats(const QJsonObject &body)
{
    const QJsonValue value = body.value(u"seats");
    const QString field = QStringLiteral("seats");
    if (!value.isArray())
        throw fieldError(ErrorCode::BadRequest, field, QStringLiteral("`seats` must be an array"));
    const QJsonArray array = value.toArray();
    if (array.isEmpty())
        throw fieldError(ErrorCode::InvalidField, field, QStringLiteral("`seats` is empty"));
    if (array.size() > kMaxSeats)
        throw fieldError(ErrorCode::InvalidField,
                         field,
                         QStringLiteral("at most %1 seats at once").arg(kMaxSeats));
    QStringList seats;
    seats.reserve(array.size());
    for (const QJsonValue &seat : array) {
        if (!seat.isString() || seat.toString().isEmpty()
            || seat.toString().size() > kMaxSeatIdLength)
            throw fieldError(ErrorCode::BadRequest,
                             field,
                             QStringLiteral("`seats` must be seat ids (strings)"));
        seats.append(seat.toString());
    }
    std::sort(seats.begin(), seats.end());
    seats.erase(std::unique(seats.begin(), seats.end()), seats.end());
    return seats;
}

// `kind` and `allocation` as the holdbacks table takes them.
void readKind(const QJsonObject &body, QString &kind, QString &allocation)
{
    const QJsonValue kindValue = body.value(u"kind");
    if (!kindValue.isString())
        throw fieldError(kindValue.isUndefined() ? ErrorCode::InvalidField : ErrorCode::BadRequest,
                         QStringLiteral("kind"),
                         QStringLiteral("`kind` must be kill, house or allocation"));
    kind = kindValue.toString();
    if (kind != u"kill" && kind != u"house" && kind != u"allocation")
        throw fieldError(ErrorCode::InvalidField,
                         QStringLiteral("kind"),
                         QStringLiteral("`kind` must be kill, house or allocation"));
    const QJsonValue name = body.value(u"allocation");
    const QString field = QStringLiteral("allocation");
    if (!name.isUndefined() && !name.isNull() && !name.isString())
        throw fieldError(ErrorCode::BadRequest, field, QStringLiteral("`allocation` is a name"));
    allocation = name.toString().trimmed();
    if (allocation.size() > kMaxAllocationLength)
        throw fieldError(ErrorCode::InvalidField,
                         field,
                         QStringLiteral("`allocation` is at most %1 characters")
                             .arg(kMaxAllocationLength));
    // The name is a path segment of PATCH /events/{id}/allocations/{name}.
    if (allocation.contains(u'/'))
        throw fieldError(ErrorCode::InvalidField,
                         field,
                         QStringLiteral("`allocation` cannot contain a slash"));
    if (kind != u"allocation" && !allocation.isEmpty())
        throw fieldError(ErrorCode::InvalidField,
                         field,
                         QStringLiteral("`allocation` goes with kind allocation only"));
}

} // namespace

domain::HoldbackRequest parseHoldbackRequest(const QJsonObject &body)
{
    refuseUnknown(body,
                  {QStringLiteral("seats"), QStringLiteral("kind"), QStringLiteral("allocation")});
    domain::HoldbackRequest request;
    request.seats = readSeats(body);
    readKind(body, request.kind, request.allocation);
    if (request.kind == u"allocation" && request.allocation.isEmpty())
        throw fieldError(ErrorCode::InvalidField,
                         QStringLiteral("allocation"),
                         QStringLiteral("kind allocation needs the allocation's name"));
    return request;
}

domain::HoldbackRelease parseHoldbackRelease(const QJsonObject &body)
{
    refuseUnknown(body,
                  {QStringLiteral("seats"), QStringLiteral("kind"), QStringLiteral("allocation")});
    domain::HoldbackRelease release;
    if (body.contains(u"seats")) {
        if (body.contains(u"kind") || body.contains(u"allocation"))
            throw fieldError(ErrorCode::BadRequest,
                             QStringLiteral("seats"),
                             QStringLiteral("release `seats` or a `kind`, not both"));
        release.seats = readSeats(body);
        return release;
    }
    readKind(body, release.kind, release.allocation); // allocation empty: every allocation
    return release;
}

bool parseCounterSale(const QJsonObject &body)
{
    refuseUnknown(body, {QStringLiteral("counter_sale")});
    const QJsonValue value = body.value(u"counter_sale");
    if (!value.isBool())
        throw fieldError(value.isUndefined() ? ErrorCode::InvalidField : ErrorCode::BadRequest,
                         QStringLiteral("counter_sale"),
                         QStringLiteral("`counter_sale` must be true or false"));
    return value.toBool();
}

QJsonObject allocationJson(const db::Allocation &allocation)
{
    return QJsonObject{{QStringLiteral("name"), allocation.name},
                       {QStringLiteral("seats"), allocation.seats},
                       {QStringLiteral("counter_sale"), allocation.counterSale}};
}

QJsonObject holdbackListJson(const domain::HoldbackList &list)
{
    QJsonArray items;
    for (const db::HeldBackSeat &seat : list.items)
        items.append(QJsonObject{{QStringLiteral("seat_id"), seat.seatId},
                                 {QStringLiteral("kind"), seat.kind},
                                 {QStringLiteral("allocation"),
                                  seat.allocation.isEmpty() ? QJsonValue(QJsonValue::Null)
                                                            : QJsonValue(seat.allocation)}});
    QJsonArray allocations;
    for (const db::Allocation &allocation : list.allocations)
        allocations.append(allocationJson(allocation));
    return QJsonObject{{QStringLiteral("items"), items},
                       {QStringLiteral("allocations"), allocations}};
}

QJsonObject counterAllocationsJson(const QList<db::CounterAllocation> &allocations)
{
    QJsonArray items;
    for (const db::CounterAllocation &allocation : allocations)
        items.append(
            QJsonObject{{QStringLiteral("name"), allocation.name},
                        {QStringLiteral("seats"), QJsonArray::fromStringList(allocation.seats)}});
    return QJsonObject{{QStringLiteral("items"), items}};
}

} // namespace boxoffice::server::api
