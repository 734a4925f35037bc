// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/eventsettings.h"

#include <QString>

namespace boxoffice::server::db {
class Tx;
}

namespace boxoffice::server::domain {

/// Locks an event's row for a change made against `expectedVersion`: its settings as they are,
/// or 404 (no such event), 409 `event_cancelled` (a cancelled event takes no more changes) or
/// 412 (someone changed it meanwhile). With the row locked the versions compare safely.
db::EventSettings lockEventForChange(db::Tx &tx, const QString &eventId, int expectedVersion);

} // namespace boxoffice::server::domain
