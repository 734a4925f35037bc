// SPDX-License-Identifier: GPL-3.0-or-later
#include "localtime.h"

#include <QRegularExpression>
#include <QTimeZone>

namespace boxoffice::core::LocalTime {

QDateTime atVenue(const QDateTime &utc, const QString &zoneId)
{
    QTimeZone zone(zoneId.toUtf8());
    if (zoneId.isEmpty() || !zone.isValid())
        zone = QTimeZone::utc();
    return utc.toTimeZone(zone);
}

QString timeFormat(const QLocale &locale)
{
    // Short formats of some locales (C: "HH:mm:ss") carry seconds or a zone name: drop them.
    static const QRegularExpression seconds(QStringLiteral("[:.]s+|\\s*t+"));
    QString format = locale.timeFormat(QLocale::ShortFormat);
    format.remove(seconds);
    return format.trimmed();
}

QString clock(const QDateTime &utc, const QString &zoneId, const QLocale &locale)
{
    return locale.toString(atVenue(utc, zoneId).time(), timeFormat(locale));
}

QString shortDateTime(const QDateTime &utc, const QString &zoneId, const QLocale &locale)
{
    const QDateTime local = atVenue(utc, zoneId);
    return locale.toString(local.date(), QLocale::ShortFormat) + u' '
           + locale.toString(local.time(), timeFormat(locale));
}

QString longDateTime(const QDateTime &utc, const QString &zoneId, const QLocale &locale)
{
    const QDateTime local = atVenue(utc, zoneId);
    return locale.toString(local.date(), QLocale::LongFormat) + u' '
           + locale.toString(local.time(), timeFormat(locale));
}

} // namespace boxoffice::core::LocalTime
