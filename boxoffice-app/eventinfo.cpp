// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventinfo.h"

#include <core/localtime.h>

#include <QJsonArray>
#include <QLocale>

namespace boxoffice::app {

EventInfo EventInfo::fromJson(const QJsonObject &json)
{
    EventInfo info;
    info.id = json.value(u"id").toString();
    info.title = json.value(u"title").toString();
    info.startsAt = QDateTime::fromString(json.value(u"starts_at").toString(), Qt::ISODate);
    const QJsonObject venue = json.value(u"venue").toObject();
    info.timeZone = json.value(u"time_zone").toString(venue.value(u"time_zone").toString());
    info.venueId = venue.value(u"id").toString(json.value(u"venue_id").toString());
    info.venueName = venue.value(u"name").toString();
    info.city = venue.value(u"city").toString();
    info.currency = json.value(u"currency").toString(info.currency);
    const QJsonObject limits = json.value(u"limits").toObject();
    info.holdSeconds = limits.value(u"hold_seconds").toInt(info.holdSeconds);
    info.maxSeats = limits.value(u"max_seats_per_user").toInt(0);
    for (const QJsonValue &v : json.value(u"categories").toArray()) {
        const QJsonObject c = v.toObject();
        info.categories.append({c.value(u"id").toString(),
                                c.value(u"name").toString(),
                                QColor(c.value(u"color").toString()),
                                c.value(u"price_cents").toInteger()});
    }
    return info;
}

const PriceCategory *EventInfo::category(const QString &id) const
{
    for (const PriceCategory &c : categories)
        if (c.id == id)
            return &c;
    return nullptr;
}

QString EventInfo::startsAtText() const
{
    return core::LocalTime::shortDateTime(startsAt, timeZone);
}

QString formatMoney(qint64 cents, const QString &currency)
{
    const QString sign = cents < 0 ? QStringLiteral("-") : QString();
    const qint64 abs = cents < 0 ? -cents : cents;
    return QStringLiteral("%1%2.%3 %4")
        .arg(sign)
        .arg(QLocale().toString(abs / 100))
        .arg(abs % 100, 2, 10, QLatin1Char('0'))
        .arg(currency);
}

} // namespace boxoffice::app
