// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog.h"
#include "eventpatch.h"
#include "principal.h"
#include "refunds.h"
#include "result.h"

namespace boxoffice::server::db {
class Database;
}

namespace boxoffice::server::domain {

/// The back office's changes to events (docs/back-office.md): every change names the version it
/// was made on (If-Match), is checked against what was sold, and writes its audit line in the
/// same transaction. The holds trigger enforces pause, cancel and the sale's times.
class EventAdmin
{
public:
    EventAdmin(db::Database &database, const Fulfilment &fulfilment);

    /// PreconditionFailed for a stale version, EventCancelled, InvalidField naming the field,
    /// EventHasSales (another venue once anything was held), CategoryInUse.
    Result<EventDocument> update(const Principal &manager,
                                 const QString &eventId,
                                 int expectedVersion,
                                 const EventPatch &patch);
    /// Revokes every valid ticket, refunds paid online orders through the provider (queued, once
    /// per order), lists the counter's orders and mails every fan once.
    Result<CancelledEvent> cancel(const Principal &manager,
                                  const QString &eventId,
                                  int expectedVersion,
                                  const QString &reason);
    /// Moves seats (and whole sections) to another price category for sales to come: what was
    /// sold keeps its price. InvalidField for an unknown category (`category`) or seats and
    /// sections the event does not have (`seats`, with them listed).
    Result<AssignedSeats> assignCategory(const Principal &manager,
                                         const QString &eventId,
                                         int expectedVersion,
                                         const SeatCategoryAssignment &assignment);
    /// A new event like `eventId` (settings, prices, seat categories), without sales.
    Result<EventDocument> duplicate(const Principal &manager,
                                    const QString &eventId,
                                    const EventCopy &copy);

private:
    db::Database &m_database;
    const Fulfilment &m_fulfilment;
    Refunds m_refunds;
};

} // namespace boxoffice::server::domain
