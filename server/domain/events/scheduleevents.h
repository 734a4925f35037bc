// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Changes to an event's dates, as the rest of the system hears of them (through the outbox).
// Plain values only: db's outbox codec includes these headers.

#include <QDateTime>
#include <QString>

namespace boxoffice::server::domain::events {

/// An event moved to a new start; `mailed` fans with paid orders were queued a notice.
struct EventRescheduled
{
    QString eventId;
    QDateTime startsAt;
    int mailed = 0;
};

} // namespace boxoffice::server::domain::events
