// SPDX-License-Identifier: GPL-3.0-or-later
#include "queuecodec.h"

#include <core/jsonwriter.h>

namespace boxoffice::server::api {

using domain::QueuePlace;

QJsonObject waitingPlaceJson(const domain::WaitingPlace &place)
{
    return QJsonObject{{QStringLiteral("queue_id"), place.queueId},
                       {QStringLiteral("event_id"), place.eventId},
                       {QStringLiteral("state"), QStringLiteral("waiting")},
                       {QStringLiteral("position"), double(place.position)},
                       {QStringLiteral("ahead"), double(place.ahead)},
                       {QStringLiteral("eta_seconds"), double(place.etaSeconds)},
                       {QStringLiteral("retry_after"), place.retryAfter},
                       {QStringLiteral("opens_at"),
                        place.opensAt.isEmpty() ? QJsonValue(QJsonValue::Null)
                                                : QJsonValue(place.opensAt)}};
}

QByteArray waitingPlaceText(const domain::WaitingPlace &place)
{
    // Keys in QJsonDocument's (sorted) order.
    QByteArray out;
    out.reserve(200 + place.queueId.size() + place.eventId.size());
    out += "{\"ahead\":";
    out += QByteArray::number(place.ahead);
    out += ",\"eta_seconds\":";
    out += QByteArray::number(place.etaSeconds);
    out += ",\"event_id\":";
    out += core::jsonwriter::string(place.eventId);
    out += ",\"opens_at\":";
    if (place.opensAt.isEmpty())
        out += "null";
    else
        out += core::jsonwriter::string(place.opensAt);
    out += ",\"position\":";
    out += QByteArray::number(place.position);
    out += ",\"queue_id\":";
    out += core::jsonwriter::string(place.queueId);
    out += ",\"retry_after\":";
    out += QByteArray::number(place.retryAfter);
    out += ",\"state\":\"waiting\"}";
    return out;
}

QJsonObject queuePlaceJson(const QueuePlace &place)
{
    if (place.state == QueuePlace::State::Waiting)
        return waitingPlaceJson(place.waiting);
    QJsonObject out{{QStringLiteral("queue_id"), place.queueId},
                    {QStringLiteral("event_id"), place.eventId}};
    if (place.state == QueuePlace::State::Admitted) {
        out.insert(u"state", QStringLiteral("admitted"));
        out.insert(u"position", 0);
        out.insert(u"ahead", 0);
        out.insert(u"eta_seconds", 0);
        out.insert(u"retry_after", 0);
        out.insert(u"admission_token", QString::fromLatin1(place.admissionToken));
        out.insert(u"admission_expires_at",
                   place.admissionExpires.toUTC().toString(Qt::ISODateWithMs));
        return out;
    }
    out.insert(u"state", QStringLiteral("expired"));
    out.insert(u"position", QJsonValue::Null);
    out.insert(u"ahead", QJsonValue::Null);
    out.insert(u"eta_seconds", QJsonValue::Null);
    out.insert(u"retry_after", QJsonValue::Null);
    return out;
}

} // namespace boxoffice::server::api
