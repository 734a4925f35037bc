// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/searchservice.h"

#include <QJsonObject>
#include <QUrlQuery>

namespace boxoffice::server::api {

/// GET /events' parameters (q, category, from, to, near, radius_km, limit, cursor); throws
/// Error(BadRequest) for unknown or malformed ones.
domain::EventSearch parseEventSearch(const QUrlQuery &url);
/// `{"items": [Event without categories and limits], "next_cursor": text or null}`.
QJsonObject eventPageJson(const domain::EventPage &page);
/// `{"event_id", "seat_id", "history": [...]}`.
QJsonObject seatHistoryJson(const domain::SeatHistory &history);

} // namespace boxoffice::server::api
