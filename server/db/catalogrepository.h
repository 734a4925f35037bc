// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/eventdraft.h"
#include "db/rows/venuelayout.h"
#include "db/rows/venuesummary.h"

#include <QHash>
#include <QStringList>

#include <optional>

namespace boxoffice::server::db {

class Tx;

/// A stored venue document.
struct VenueRow
{
    QString id;
    int version = 0;
    QByteArray document;
};

/// Venues, events, price categories, artists; creates inventory and GA zones for new events.
class CatalogRepository
{
public:
    /// Replaces the stored sellable layout of `layout.id` (categories, seats with their rank
    /// from the focal point, GA areas).
    static void writeLayout(Tx &tx, const VenueLayout &layout);
    /// Inserts a venue; false when the id is taken.
    static bool insertVenue(Tx &tx, const VenueLayout &layout, const QByteArray &document);
    /// Replaces a venue when its version is `expectedVersion`; the new version, or nullopt.
    static std::optional<int> updateVenue(Tx &tx,
                                          const VenueLayout &layout,
                                          const QByteArray &document,
                                          int expectedVersion);
    static std::optional<VenueRow> venue(Tx &tx, const QString &id);
    static QList<VenueSummary> listVenues(Tx &tx);

    /// Inserts the event, its prices and artists, copies the venue's seats into inventory and its
    /// GA areas into ga_zones (a few statements, no per-seat round trips) and writes the outbox
    /// row. nullopt when the venue does not exist.
    static std::optional<QString> createEvent(Tx &tx, const EventDraft &draft);
    /// Adds `artists` to the event in this order (creating artists not known yet).
    static void addArtists(Tx &tx, const QString &eventId, const QStringList &artists);
    /// Category ids of a stored venue.
    static QStringList venueCategories(Tx &tx, const QString &venueId);
    /// The Event object of API.md plus categories and limits (JSON text); nullopt when unknown.
    static std::optional<QByteArray> event(Tx &tx, const QString &eventId);
    /// Event documents of every event, the latest start first: `limit` from `offset`.
    static QList<QByteArray> allEvents(Tx &tx, int limit, int offset);
    /// The event documents (JSON text, as event() reads them) of those of `eventIds` that exist,
    /// by id, in one query.
    static QHash<QString, QByteArray> events(Tx &tx, const QStringList &eventIds);
};

} // namespace boxoffice::server::db
