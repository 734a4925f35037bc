// SPDX-License-Identifier: GPL-3.0-or-later
#include "orderchangecodec.h"

#include "counterpaymentcodec.h"

#include "domain/error.h"

#include <QJsonArray>

namespace boxoffice::server::api {

using domain::Error;
using domain::ErrorCode;

namespace {

constexpr int kMaxTickets = 1000;

QString requiredString(const QJsonObject &body, const char *name)
{
    const QJsonValue value = body.value(QLatin1String(name));
    if (!value.isString() || value.toString().isEmpty() || value.toString().size() > 200)
        throw Error::badRequest(
            QStringLiteral("`%1` is required and must be a string").arg(QLatin1String(name)));
    return value.toString();
}

} // namespace

std::optional<QStringList> refundTicketIds(const QJsonObject &body)
{
    for (auto it = body.begin(); it != body.end(); ++it) {
        if (it.key() != u"ticket_ids")
            throw Error::badRequest(QStringLiteral("unknown field `%1`").arg(it.key()));
    }
    if (!body.contains(u"ticket_ids"))
        return std::nullopt;
    const QJsonValue value = body.value(u"ticket_ids");
    if (!value.isArray() || value.toArray().isEmpty() || value.toArray().size() > kMaxTickets)
        throw Error::badRequest(
            QStringLiteral("`ticket_ids` must be a non-empty array of at most %1 ids")
                .arg(kMaxTickets));
    QStringList ids;
    for (const QJsonValue &id : value.toArray()) {
        if (!id.isString() || id.toString().isEmpty())
            throw Error::badRequest(QStringLiteral("`ticket_ids` must hold strings"));
        const QString lower = id.toString().toLower();
        if (!ids.contains(lower))
            ids.append(lower);
    }
    return ids;
}

domain::Exchanges::Request exchangeRequest(const QJsonObject &body)
{
    for (auto it = body.begin(); it != body.end(); ++it) {
        if (it.key() != u"ticket_id" && it.key() != u"seat_id" && it.key() != u"ga_id"
            && it.key() != u"payment")
            throw Error::badRequest(QStringLiteral("unknown field `%1`").arg(it.key()));
    }
    domain::Exchanges::Request request;
    request.ticketId = requiredString(body, "ticket_id").toLower();
    if (body.contains(u"seat_id") == body.contains(u"ga_id"))
        throw Error::badRequest(QStringLiteral("give exactly one of `seat_id` or `ga_id`"));
    if (body.contains(u"seat_id"))
        request.seatId = requiredString(body, "seat_id");
    else
        request.gaId = requiredString(body, "ga_id");
    if (body.contains(u"payment"))
        request.payment = parseCounterPayment(body.value(u"payment"));
    return request;
}

} // namespace boxoffice::server::api
