// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/eventsettings.h"
#include "db/rows/order.h"

#include <optional>

namespace boxoffice::server::db {

class Tx;

/// The back office's changes to an event (domain/eventadmin decides them): the locked current
/// settings, their update with a new version, price categories, cancellation and the fans' mail.
class EventAdminRepository
{
public:
    /// The event's settings, its row locked until the transaction ends; nullopt when unknown.
    static std::optional<EventSettings> lock(Tx &tx, const QString &eventId);
    /// Writes the scalar settings of `settings` (not venue, currency or categories) and the
    /// artists; the new version.
    static int update(Tx &tx, const EventSettings &settings);
    /// Inserts or updates `categories` and removes the event's others.
    static void replaceCategories(Tx &tx,
                                  const QString &eventId,
                                  const QList<PriceCategory> &categories);
    /// Those of `categoryIds` that seats, GA zones or tickets of the event use.
    static QStringList categoriesInUse(Tx &tx,
                                       const QString &eventId,
                                       const QStringList &categoryIds);
    /// Those of `seats` and `sections` the event does not have.
    static QStringList unknownPlaces(Tx &tx,
                                     const QString &eventId,
                                     const QStringList &seats,
                                     const QStringList &sections);
    /// Moves `seats` and every seat of `sections` to `category` for sales to come; when any
    /// moved, a new event version and seat layout (every server rebuilds its map) and an outbox
    /// row for the seat map's subscribers.
    static SeatCategoryChange recategorize(Tx &tx,
                                           const QString &eventId,
                                           const QStringList &seats,
                                           const QStringList &sections,
                                           const QString &category);
    /// Anything was ever held or ordered on the event.
    static bool hasSales(Tx &tx, const QString &eventId);
    /// Marks the event cancelled; the new version.
    static int markCancelled(Tx &tx, const QString &eventId, const QString &reason);
    /// Cancels the event's orders waiting for payment (a late payment is then compensated).
    static int cancelPendingOrders(Tx &tx, const QString &eventId, const QString &reason);
    /// The event's paid orders, row-locked, oldest first.
    static QList<PaidOrder> lockPaidOrders(Tx &tx, const QString &eventId);
    /// Voids the valid tickets of `orderId` (the revocation trigger tells the door) and sets the
    /// order's status; the tickets voided (their seats are still sold).
    static QList<Ticket> voidOrder(Tx &tx,
                                   const QString &orderId,
                                   const QString &status,
                                   const QString &reason);
    /// One mail job of `kind` (rescheduled, cancelled) per paid order of the event with a
    /// recipient, once per `messageTag` (the event version for a reschedule); how many.
    static int queueNotices(Tx &tx,
                            const QString &eventId,
                            const QString &kind,
                            const QString &messageTag);
    /// A copy of `sourceId` with its settings, prices, artists, seat categories and kills (by
    /// `actor`), and no sales, starting at `startsAt` (the other times keep their distance to the
    /// start); its id.
    static QString duplicate(Tx &tx,
                             const QString &sourceId,
                             const QString &title,
                             const QDateTime &startsAt,
                             const QString &actor);
};

} // namespace boxoffice::server::db
