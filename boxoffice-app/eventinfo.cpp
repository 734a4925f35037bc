// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventinfo.h"

#include <core/localtime.h>

#include <QLocale>

namespace boxoffice::app {

EventInfo EventInfo::fromJson(const QJsonObject &json)
{
    const protocol::Parsed<protocol::Event> event = protocol::Event::fromJson(json);
    if (!event) {
        EventInfo info;
        info.id = json.value(u"id").toString();
        info.error = event.error();
        qWarning("not an Event: %s", qUtf8Printable(info.error));
        return info;
    }
    return fromEvent(*event);
}

EventInfo EventInfo::fromEvent(const protocol::Event &event)
{
    EventInfo info;
    info.id = event.id;
    info.title = event.title;
    info.startsAt = event.startsAt;
    info.timeZone = event.timeZone.isEmpty() ? event.venue.timeZone : event.timeZone;
    info.venueId = event.venue.id;
    info.venueName = event.venue.name;
    info.city = event.venue.city;
    info.currency = event.currency;
    if (event.limits) {
        info.holdSeconds = event.limits->holdSeconds;
        info.maxSeats = event.limits->maxSeatsPerUser;
    }
    for (const protocol::EventCategory &c :
         event.categories.value_or(QList<protocol::EventCategory>()))
        info.categories.append({c.id, c.name, QColor(c.color), c.priceCents});
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
