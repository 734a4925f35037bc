// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDateTime>
#include <QString>

namespace boxoffice::app {

/// Date-time editors show the venue's wall clock, whatever zone this machine is in: the edit
/// holds a zone-less time (kept in UTC so the machine's own DST gaps never bite) that means
/// local time at the venue.
namespace VenueTime {

/// The wall clock at the venue (IANA `zone`, empty: UTC) for instant `utc`, as an edit's value.
QDateTime toEdit(const QDateTime &utc, const QString &zone);
/// The instant an edit's wall-clock value means at the venue.
QDateTime fromEdit(const QDateTime &wallClock, const QString &zone);
/// RFC 3339 in UTC, as the server takes it.
QString toJson(const QDateTime &utc);

} // namespace VenueTime

} // namespace boxoffice::app
