// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog.h"
#include "eventdraft.h"
#include "result.h"
#include "venuelayout.h"

namespace boxoffice::server::db {
class Database;
}

namespace boxoffice::server::domain {

/// Venues and events: upload and versioned update of venue documents, event creation with its
/// inventory, and event details (seat maps come from the SeatmapCache). POST /events bodies are
/// read by api/catalogcodec (parseEventDraft) into an EventDraft.
class CatalogService
{
public:
    /// `defaultTimeZone`: for venues uploaded without a `time_zone` (pretix plans have none).
    CatalogService(db::Database &database,
                   int defaultHoldSeconds,
                   QString defaultTimeZone = QStringLiteral("UTC"));

    /// BadRequest with `issues` [{path, message}] for an invalid venue; VersionConflict when the
    /// id is taken.
    Result<SavedVenue> createVenue(const QByteArray &document,
                                   VenueFormat format = VenueFormat::Venue);
    /// VersionConflict when `expectedVersion` is stale, NotFound for an unknown venue.
    Result<SavedVenue> updateVenue(const QString &id,
                                   const QByteArray &document,
                                   int expectedVersion,
                                   VenueFormat format = VenueFormat::Venue);
    Result<StoredVenue> venue(const QString &id);
    QList<VenueSummary> venues();

    /// The hold time of an event whose body names none (parseEventDraft's default).
    int defaultHoldSeconds() const { return m_defaultHoldSeconds; }
    /// Inventory rows come from the venue's seats, GA zones from its areas; BadRequest for an
    /// unknown venue or prices that miss one of its categories. `actor` signs the audit line.
    Result<EventDocument> createEvent(const EventDraft &draft,
                                      const QString &actor = QStringLiteral("system"));
    Result<EventDocument> event(const QString &id);
    /// Every event (cancelled, past and not yet on sale too) as JSON text, the latest first.
    QList<QByteArray> allEvents(int limit, int offset);

private:
    db::Database &m_database;
    int m_defaultHoldSeconds;
    QString m_defaultTimeZone;
};

} // namespace boxoffice::server::domain
