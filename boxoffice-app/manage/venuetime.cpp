// SPDX-License-Identifier: GPL-3.0-or-later
#include "venuetime.h"

#include <core/localtime.h>

#include <QTimeZone>

namespace boxoffice::app::VenueTime {

namespace {
QTimeZone zoneOf(const QString &zone)
{
    if (zone.isEmpty()) // QTimeZone("") would be this machine's zone
        return QTimeZone::utc();
    const QTimeZone tz(zone.toUtf8());
    return tz.isValid() ? tz : QTimeZone::utc();
}
} // namespace

QDateTime toEdit(const QDateTime &utc, const QString &zone)
{
    const QDateTime local = core::LocalTime::atVenue(utc, zone);
    return QDateTime(local.date(), QTime(local.time().hour(), local.time().minute()), Qt::UTC);
}

QDateTime fromEdit(const QDateTime &wallClock, const QString &zone)
{
    return QDateTime(wallClock.date(), wallClock.time(), zoneOf(zone)).toUTC();
}

QString toJson(const QDateTime &utc)
{
    return utc.toUTC().toString(Qt::ISODate);
}

} // namespace boxoffice::app::VenueTime
