// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "rows/waitinglist.h"

#include <optional>

namespace boxoffice::server::db {

class Tx;

/// The waiting lists (migration 0120): places, offers and the offer run.
class WaitingListRepository
{
public:
    /// The event's list settings, its row shared-locked (a PATCH switching the list off waits).
    static std::optional<WaitingListEvent> event(Tx &tx, const QString &eventId);
    /// Seats a buyer could take now in `categories` (empty: any): available or a lapsed hold's.
    static int freeSeats(Tx &tx, const QString &eventId, const QStringList &categories);
    /// A new place; false when the fan has a live one already (nothing written).
    static bool join(Tx &tx,
                     const QString &eventId,
                     const QString &username,
                     int quantity,
                     const QStringList &categories);
    /// The fan's live place on the event, its row locked.
    static std::optional<WaitingEntry> lockLive(Tx &tx,
                                                const QString &eventId,
                                                const QString &username);
    /// Ends a waiting place (`left`).
    static void leave(Tx &tx, qint64 entryId);
    /// Ends an offer at the fan's word: its hold released, its seats freed (into the pool),
    /// the place `declined`. False when the offer had ended meanwhile.
    static bool decline(Tx &tx, const WaitingEntry &entry);
    /// The fan's places, live ones first, then the last ended ones.
    static QList<WaitingEntry> ofFan(Tx &tx, const QString &username);
    /// The whole list of an event in order (manager).
    static QList<WaitingEntry> ofEvent(Tx &tx, const QString &eventId);
    /// One offer run for the event (waiting_list_offer).
    static OfferRun offer(Tx &tx, const QString &eventId);
    /// Events whose list may have work: switched on, or with live places.
    static QStringList eventsToRun(Tx &tx);
};

} // namespace boxoffice::server::db
