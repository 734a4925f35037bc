// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// An event's waiting-room settings as stored (domain/queueservice.h uses them).

#include <QDateTime>

namespace boxoffice::server::db {

/// An event's waiting-room settings.
struct QueueSettings
{
    bool enabled = false;
    int admitPerMinute = 100;
    int maxActive = 1000;
    QDateTime onSaleAt;
};

} // namespace boxoffice::server::db
