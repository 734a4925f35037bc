// SPDX-License-Identifier: GPL-3.0-or-later
#include "holdcodec.h"

#include "problem.h"
#include "storedanswer.h"

#include <QJsonArray>

namespace boxoffice::server::api {

using domain::Hold;

QJsonObject holdJson(const Hold &hold)
{
    QJsonValue ga(QJsonValue::Null);
    if (!hold.gaId.isEmpty())
        ga = QJsonObject{{QStringLiteral("id"), hold.gaId},
                         {QStringLiteral("quantity"), hold.gaQuantity}};
    QJsonObject out{{QStringLiteral("hold_id"), hold.id},
                    {QStringLiteral("event_id"), hold.eventId},
                    {QStringLiteral("seats"), QJsonArray::fromStringList(hold.seats)},
                    {QStringLiteral("ga"), ga},
                    {QStringLiteral("expires_at"),
                     hold.expiresAt.toUTC().toString(Qt::ISODateWithMs)},
                    {QStringLiteral("status"), hold.status}};
    if (!hold.allocation.isEmpty())
        out.insert(u"allocation", hold.allocation);
    return out;
}

Hold holdFromJson(const QJsonObject &json)
{
    Hold hold;
    hold.id = json.value(u"hold_id").toString();
    hold.eventId = json.value(u"event_id").toString();
    for (const QJsonValue &seat : json.value(u"seats").toArray())
        hold.seats.append(seat.toString());
    const QJsonObject ga = json.value(u"ga").toObject();
    hold.gaId = ga.value(u"id").toString();
    hold.gaQuantity = ga.value(u"quantity").toInt();
    hold.expiresAt = QDateTime::fromString(json.value(u"expires_at").toString(), Qt::ISODateWithMs);
    hold.status = json.value(u"status").toString();
    hold.storedStatus = hold.status;
    hold.allocation = json.value(u"allocation").toString();
    return hold;
}

domain::AnswerCodec<Hold> holdCodec()
{
    auto codec = jsonAnswerCodec<Hold>(201, holdJson, holdFromJson);
    codec.decode = [](const domain::StoredAnswerText &stored) {
        Hold hold = holdFromJson(storedObject(stored));
        if (stored.readAt.isValid())
            hold.remainingMs = stored.readAt.msecsTo(hold.expiresAt);
        return hold;
    };
    return codec;
}

} // namespace boxoffice::server::api
