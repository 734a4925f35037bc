// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The waiting list as db/waitinglistrepository reads and writes it (migration 0120).

#include <QList>
#include <QString>
#include <QStringList>

namespace boxoffice::server::db {

/// An event as a fan joining its list sees it.
struct WaitingListEvent
{
    bool enabled = false;
    int offerMinutes = 30;
    int maxSeatsPerUser = 0;
    bool cancelled = false;
    QStringList categories; ///< the event's price categories
};

/// One place on a list, with its offer when it has one.
struct WaitingEntry
{
    qint64 id = 0;
    QString eventId;
    QString eventTitle;
    QString startsAt; ///< ISO 8601, UTC
    QString username;
    QString email; ///< the fan's address (manager's view)
    QString name;
    int quantity = 0;
    QStringList categories; ///< empty: any
    QString state;          ///< waiting, offered, bought, lapsed, declined, left
    int position = 0;       ///< 1 = next; 0 once no longer waiting
    QString joinedAt;
    QString holdId; ///< the offer's hold
    QStringList offeredSeats;
    QString offerExpiresAt;
};

/// What one offer run did (waiting_list_offer).
struct OfferRun
{
    bool locked = false; ///< false: another run had the event
    int closed = 0;      ///< offers that ended (bought, declined, lapsed)
    int offered = 0;
    int released = 0; ///< pool seats freed for sale
};

} // namespace boxoffice::server::db
