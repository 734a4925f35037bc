// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDateTime>
#include <QLocale>
#include <QString>

namespace boxoffice::core {

/// Times at a venue: instants travel in UTC, people read them as the venue's wall clock, in
/// minutes (never seconds), whatever time zone the machine showing them is in.
namespace LocalTime {

/// `utc` as the wall clock in IANA zone `zoneId`; an empty or unknown zone means UTC.
QDateTime atVenue(const QDateTime &utc, const QString &zoneId);
/// The locale's short time format without seconds or zone ("HH:mm", "h:mm AP").
QString timeFormat(const QLocale &locale = {});
/// "20:30" at the venue.
QString clock(const QDateTime &utc, const QString &zoneId, const QLocale &locale = {});
/// Short date and time at the venue ("14/03/2026 20:30").
QString shortDateTime(const QDateTime &utc, const QString &zoneId, const QLocale &locale = {});
/// Long date and time at the venue ("Saturday, 14 March 2026 20:30"), for tickets.
QString longDateTime(const QDateTime &utc, const QString &zoneId, const QLocale &locale = {});

} // namespace LocalTime

} // namespace boxoffice::core
