// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A seat-map delta's changes (seatmap_log.changes) as JSON: the relay writes them, the
// WebSocket sends the bytes as they are, the seat-map cache reads them back to patch its map.

#include "db/rows/seatmapchange.h"

#include <QByteArray>

namespace boxoffice::server::db {

/// {"ga":[{"available","id"}],"seats":[{"id","status"}]}, compact.
QByteArray seatmapChangesJson(const SeatmapChanges &changes);

/// The changes a delta carries; none from anything but such an object.
SeatmapChanges readSeatmapChanges(const QByteArray &json);

} // namespace boxoffice::server::db
