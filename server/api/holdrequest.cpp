// SPDX-License-Identifier: GPL-3.0-or-later
#include "holdrequest.h"

#include "domain/error.h"
#include "domain/ids.h"

#include <QJsonArray>

namespace boxoffice::server::api {

using domain::canonicalId;
using domain::Error;
using domain::ErrorCode;
using domain::HoldRequest;

namespace {

constexpr int kMaxSeatsPerRequest = 50;

} // namespace

HoldRequest parseHoldRequest(const QJsonObject &body)
{
    auto bad = [](const QString &detail) { return Error(ErrorCode::BadRequest, detail); };
    static const QStringList known = {QStringLiteral("event_id"),
                                      QStringLiteral("seats"),
                                      QStringLiteral("section"),
                                      QStringLiteral("ga"),
                                      QStringLiteral("quantity"),
                                      QStringLiteral("allocation"),
                                      QStringLiteral("voucher")};
    for (auto it = body.begin(); it != body.end(); ++it) {
        if (!known.contains(it.key()))
            throw bad(QStringLiteral("unknown field `%1`").arg(it.key()));
    }
    HoldRequest request;
    const QJsonValue eventId = body.value(u"event_id");
    if (!eventId.isString() || eventId.toString().isEmpty())
        throw bad(QStringLiteral("`event_id` is required and must be a string"));
    request.eventId = canonicalId(eventId.toString());
    const bool hasSeats = body.contains(u"seats");
    const bool hasSection = body.contains(u"section");
    const bool hasGa = body.contains(u"ga");
    if (int(hasSeats) + int(hasSection) + int(hasGa) != 1)
        throw bad(QStringLiteral("give exactly one of `seats`, `section` or `ga`"));
    if (hasSeats) {
        const QJsonValue seats = body.value(u"seats");
        if (!seats.isArray() || seats.toArray().isEmpty())
            throw bad(QStringLiteral("`seats` must be a non-empty array of seat ids"));
        if (seats.toArray().size() > kMaxSeatsPerRequest)
            throw bad(QStringLiteral("at most %1 seats per hold").arg(kMaxSeatsPerRequest));
        for (const QJsonValue &seat : seats.toArray()) {
            if (!seat.isString() || seat.toString().isEmpty() || seat.toString().size() > 100)
                throw bad(QStringLiteral("`seats` must contain seat ids (strings)"));
            if (request.seats.contains(seat.toString()))
                throw bad(QStringLiteral("seat %1 is listed twice").arg(seat.toString()));
            request.seats.append(seat.toString());
        }
        if (body.contains(u"quantity"))
            throw bad(QStringLiteral("`quantity` goes with `section` or `ga`, not `seats`"));
        if (body.contains(u"allocation")) {
            const QJsonValue allocation = body.value(u"allocation");
            if (!allocation.isString() || allocation.toString().isEmpty()
                || allocation.toString().size() > 100)
                throw bad(QStringLiteral("`allocation` must be an allocation's name"));
            request.allocation = allocation.toString();
        }
        if (body.contains(u"voucher")) {
            const QJsonValue voucher = body.value(u"voucher");
            if (!voucher.isString() || voucher.toString().trimmed().isEmpty()
                || voucher.toString().size() > 40)
                throw bad(QStringLiteral("`voucher` must be a code"));
            if (!request.allocation.isEmpty())
                throw bad(QStringLiteral("give `allocation` or `voucher`, not both"));
            request.voucher = voucher.toString().trimmed();
        }
        return request;
    }
    if (body.contains(u"allocation"))
        throw bad(QStringLiteral("`allocation` goes with `seats`: a clerk picks its seats"));
    if (body.contains(u"voucher"))
        throw bad(QStringLiteral("`voucher` goes with `seats`: the seats the code opens"));
    const QJsonValue name = body.value(hasSection ? u"section" : u"ga");
    if (!name.isString() || name.toString().isEmpty() || name.toString().size() > 100)
        throw bad(
            QStringLiteral("`%1` must be a non-empty string").arg(hasSection ? "section" : "ga"));
    (hasSection ? request.section : request.ga) = name.toString();
    const QJsonValue quantity = body.value(u"quantity");
    const double q = quantity.toDouble(-1);
    // The range first: converting a double beyond int is undefined (found by fuzz_jsonbody).
    if (!quantity.isDouble() || q < 1 || q > kMaxSeatsPerRequest || q != double(int(q)))
        throw bad(
            QStringLiteral("`quantity` must be an integer from 1 to %1").arg(kMaxSeatsPerRequest));
    request.quantity = int(q);
    return request;
}

} // namespace boxoffice::server::api
