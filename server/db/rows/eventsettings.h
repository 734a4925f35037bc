// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// An event as the back office edits it (db/eventadminrepository reads and writes it).

#include <QDateTime>
#include <QList>
#include <QStringList>

namespace boxoffice::server::db {

/// A price category of an event.
struct PriceCategory
{
    QString id;
    QString name;
    QString color;
    qint64 priceCents = 0;

    bool operator==(const PriceCategory &) const = default;
};

/// Everything PATCH /events/{id} may change, plus what it must not (venue, currency, cancelled).
/// A null QDateTime is an unset optional time (doors, off-sale).
struct EventSettings
{
    QString id;
    int version = 0;
    QString venueId;
    QString title;
    QString category;
    QStringList artists;
    QDateTime startsAt;
    QDateTime onSaleAt;
    QDateTime offSaleAt;
    QDateTime doorsAt;
    QString currency;
    QString saleConditions;
    int maxSeatsPerUser = 10;
    int maxHoldsPerUser = 3;
    int holdSeconds = 600;
    bool queueEnabled = false;
    int admitPerMinute = 100;
    int maxActive = 1000;
    bool paused = false;
    bool cancelled = false;
    bool transfersEnabled = true;    ///< fans may pass tickets on (migration 0110)
    int transferCutoffMinutes = 0;   ///< until this long before the start
    bool waitingListEnabled = false; ///< a waiting list once sold out (migration 0120)
    int waitingOfferMinutes = 30;    ///< how long an offer holds its seats
    QList<PriceCategory> categories;
};

/// Seats moved to another price category, and the event's version afterwards (0: none moved).
struct SeatCategoryChange
{
    QStringList seats;
    int version = 0;
};

/// A paid order of an event that its cancellation pays back.
struct PaidOrder
{
    QString id;
    QString channel; ///< online, counter
    qint64 amountCents = 0;
    qint64 refundedCents = 0;
    QString contactName;
    QString contactEmail;
    int validTickets = 0;
};

} // namespace boxoffice::server::db
