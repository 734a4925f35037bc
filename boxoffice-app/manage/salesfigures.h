// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/placecounts.h>

#include <QColor>
#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace boxoffice::app {

/// One price category's places (GET /events/{id}/stats, `by_category`).
struct CategoryFigures
{
    QString id;
    QString name;
    QColor color;
    qint64 capacity = 0;
    qint64 available = 0;
    qint64 held = 0;
    qint64 sold = 0;
    qint64 comps = 0;
    qint64 heldBack = 0;
    qint64 revenueCents = 0;
};

/// Places sold in one UTC hour, by channel (`per_hour`).
struct HourFigures
{
    QDateTime hour;
    qint64 online = 0;
    qint64 counter = 0;
};

/// The waiting room's line (`queue`).
struct QueueFigures
{
    bool enabled = false;
    bool live = false;
    qint64 waiting = 0;
    qint64 active = 0;
    qint64 admittedLastMinute = 0;
    qint64 etaSeconds = 0;
};

/// An event's sales figures as GET /events/{id}/stats answers them (docs/back-office.md, Stats).
struct SalesFigures
{
    QString eventId;
    QString currency;
    qint64 capacity = 0;
    core::PlaceCounts places;
    qint64 revenueCents = 0;
    qint64 onlineSold = 0;
    qint64 counterSold = 0;
    QList<CategoryFigures> categories;
    QList<HourFigures> hours;
    QueueFigures queue;

    static SalesFigures fromJson(const QJsonObject &stats);
};

} // namespace boxoffice::app
