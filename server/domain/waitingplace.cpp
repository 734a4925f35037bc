// SPDX-License-Identifier: GPL-3.0-or-later
#include "waitingplace.h"

#include <core/jsonwriter.h>

namespace boxoffice::server::domain {

QJsonObject WaitingPlace::toJson() const
{
    return QJsonObject{{QStringLiteral("queue_id"), queueId},
                       {QStringLiteral("event_id"), eventId},
                       {QStringLiteral("state"), QStringLiteral("waiting")},
                       {QStringLiteral("position"), double(position)},
                       {QStringLiteral("ahead"), double(ahead)},
                       {QStringLiteral("eta_seconds"), double(etaSeconds)},
                       {QStringLiteral("retry_after"), retryAfter},
                       {QStringLiteral("opens_at"),
                        opensAt.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(opensAt)}};
}

QByteArray WaitingPlace::toText() const
{
    QByteArray out;
    out.reserve(200 + queueId.size() + eventId.size());
    out += "{\"ahead\":";
    out += QByteArray::number(ahead);
    out += ",\"eta_seconds\":";
    out += QByteArray::number(etaSeconds);
    out += ",\"event_id\":";
    out += core::jsonwriter::string(eventId);
    out += ",\"opens_at\":";
    if (opensAt.isEmpty())
        out += "null";
    else
        out += core::jsonwriter::string(opensAt);
    out += ",\"position\":";
    out += QByteArray::number(position);
    out += ",\"queue_id\":";
    out += core::jsonwriter::string(queueId);
    out += ",\"retry_after\":";
    out += QByteArray::number(retryAfter);
    out += ",\"state\":\"waiting\"}";
    return out;
}

} // namespace boxoffice::server::domain
