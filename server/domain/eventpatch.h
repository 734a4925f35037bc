// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/eventsettings.h"

#include <optional>

namespace boxoffice::server::domain {

using db::EventSettings;
using db::PriceCategory;

/// A PATCH /events/{id} body as api/eventpatchcodec reads it: what the manager changes; unset
/// members stay as they are. For `offSaleAt` and `doorsAt` a set but null QDateTime clears.
struct EventPatch
{
    std::optional<QString> venueId;
    std::optional<QString> title;
    std::optional<QString> category;
    std::optional<QString> saleConditions;
    std::optional<QStringList> artists;
    std::optional<QDateTime> startsAt;
    std::optional<QDateTime> onSaleAt;
    std::optional<QDateTime> offSaleAt;
    std::optional<QDateTime> doorsAt;
    std::optional<int> maxSeatsPerUser;
    std::optional<int> maxHoldsPerUser;
    std::optional<int> holdSeconds;
    std::optional<bool> queueEnabled;
    std::optional<int> admitPerMinute;
    std::optional<int> maxActive;
    std::optional<bool> paused;
    std::optional<bool> transfersEnabled;
    std::optional<int> transferCutoffMinutes;
    std::optional<bool> waitingListEnabled;
    std::optional<int> waitingOfferMinutes;
    std::optional<QList<PriceCategory>> categories; ///< the whole list
};

/// A PUT /events/{id}/seat-categories body: seats and whole sections to move to `category`.
struct SeatCategoryAssignment
{
    QString category;
    QStringList seats;
    QStringList sections;
};

/// What it did: how many seats moved, and the event's version now.
struct AssignedSeats
{
    int assigned = 0;
    int version = 0;
};

/// A POST /events/{id}/duplicate body.
struct EventCopy
{
    std::optional<QString> title;
    std::optional<QDateTime> startsAt;
};

/// A counter order of a cancelled event: the counter pays it back.
struct CounterRefundDue
{
    QString orderId;
    qint64 amountCents = 0;
    QString name;
    QString email;
};

/// What cancelling answers.
struct CancelledEvent
{
    QByteArray event; ///< the Event object (JSON text)
    int refundsQueued = 0;
    int ticketsRevoked = 0;
    int fansMailed = 0;
    QList<CounterRefundDue> counterOrders;
};

} // namespace boxoffice::server::domain
