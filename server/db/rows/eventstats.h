// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// How an event's sale stands (db/statsrepository reads it for GET /events/{id}/stats).

#include <core/placecounts.h>

#include <QDateTime>
#include <QList>
#include <QString>

namespace boxoffice::server::db {

using boxoffice::core::PlaceCounts;

struct CategoryStats
{
    QString id;
    QString name;
    QString color;
    PlaceCounts places;
    qint64 revenueCents = 0; ///< what the valid tickets of the category were sold for
};

struct ChannelStats
{
    QString channel; ///< online, counter
    qint64 sold = 0;
    qint64 revenueCents = 0;
};

struct HourStats
{
    QDateTime hour; ///< UTC, the start of the hour
    qint64 online = 0;
    qint64 counter = 0;
};

struct EventStats
{
    QString currency;
    int admitPerMinute = 0;
    bool queueEnabled = false;
    PlaceCounts places;
    qint64 revenueCents = 0; ///< paid orders less what was refunded
    QList<CategoryStats> categories;
    QList<ChannelStats> channels;
    QList<HourStats> hours; ///< the last 48 hours with sales
};

} // namespace boxoffice::server::db
