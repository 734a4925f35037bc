// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A new event as db stores it (domain/eventdraft.h names it).

#include <QDateTime>
#include <QHash>
#include <QStringList>

namespace boxoffice::server::db {

/// A validated POST /events request.
struct EventDraft
{
    QString venueId;
    QString title;
    QString category;
    QDateTime startsAt;
    QDateTime onSaleAt;
    QStringList artists;
    QHash<QString, qint64> prices; ///< category id -> cents
    QString currency;
    QString saleConditions;
    bool queueEnabled = false;
    int admitPerMinute = 100;
    int maxActive = 1000;
    int maxSeatsPerUser = 10;
    int maxHoldsPerUser = 3;
    int holdSeconds = 600;
};

} // namespace boxoffice::server::db
