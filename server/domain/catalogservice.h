// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eventdraft.h"
#include "principal.h"
#include "response.h"
#include "venuelayout.h"

namespace boxoffice::server::db {
class Database;
}

namespace boxoffice::server::domain {

/// Venues and events: upload and versioned update of venue documents, event creation with its
/// inventory, event details and the seat map.
class CatalogService
{
public:
    /// `defaultTimeZone`: for venues uploaded without a `time_zone` (pretix plans have none).
    CatalogService(db::Database &database,
                   int defaultHoldSeconds,
                   QString defaultTimeZone = QStringLiteral("UTC"));

    /// 201 {id, version, seats}; 400 with `errors` [{path, message}] for an invalid venue.
    Response createVenue(const QByteArray &document, VenueFormat format = VenueFormat::Venue);
    /// 200 {id, version, seats} or 409 version_conflict when `expectedVersion` is stale.
    Response updateVenue(const QString &id,
                         const QByteArray &document,
                         int expectedVersion,
                         VenueFormat format = VenueFormat::Venue);
    Response venue(const QString &id);
    Response venues();

    /// Validates a POST /events body; throws Error(BadRequest).
    EventDraft parseEvent(const QJsonObject &body) const;
    /// 201 Event; inventory rows come from the venue's seats, GA zones from its areas.
    Response createEvent(const EventDraft &draft);
    Response event(const QString &id);

private:
    db::Database &m_database;
    int m_defaultHoldSeconds;
    QString m_defaultTimeZone;
};

} // namespace boxoffice::server::domain
