// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/catalogservice.h"

#include <QJsonObject>

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
/// The Event object of API.md plus categories and limits (`{"id"}` alone when the document
/// could not be read back).
QJsonObject eventJson(const domain::EventDocument &event);

} // namespace boxoffice::server::api
