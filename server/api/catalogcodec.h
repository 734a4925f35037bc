// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/catalogservice.h"

#include <QJsonObject>
#include <QUrlQuery>

namespace boxoffice::server::api {

/// `artists` of an event body: names, or {"name"} objects; throws Error(BadRequest).
QStringList parseArtists(const QJsonValue &artists);
/// Validates a POST /events body; throws Error(BadRequest). `defaultHoldSeconds` when it names
/// no `hold_seconds`.
domain::EventDraft parseEventDraft(const QJsonObject &body, int defaultHoldSeconds);

/// `{"id", "version", "seats"}`: the answer to a venue upload or update.
QJsonObject savedVenueJson(const domain::SavedVenue &venue);
/// The stored venue document with the venue's `version` (not the document's format version).
QJsonObject venueJson(const domain::StoredVenue &venue);
/// `{"items": [{"id", "name", "city", "version", "seats"}]}`.
QJsonObject venueListJson(const QList<domain::VenueSummary> &venues);
/// A stored event document as protocol::Event writes it; `listed`: without `categories` and
/// `limits` (a search's items).
QJsonObject eventAnswer(const QByteArray &document, bool listed = false);
/// The Event object of API.md plus categories and limits (`{"id"}` alone when the document
/// could not be read back).
QJsonObject eventJson(const domain::EventDocument &event);

/// GET /events?include=all&limit=&offset= (the back office's list of every event).
struct EventListing
{
    int limit = 100;
    int offset = 0;
};
/// Throws Error(BadRequest) naming the parameter; `include` must be `all`.
EventListing parseEventListing(const QUrlQuery &query);
/// `{"items":[Event],"next_offset"}` from up to limit + 1 documents (one more tells there are more).
QJsonObject allEventsJson(const QList<QByteArray> &documents, const EventListing &listing);

} // namespace boxoffice::server::api
