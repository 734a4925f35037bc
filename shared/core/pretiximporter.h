// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/venuereader.h>

namespace boxoffice::core {

/// Imports a pretix seating plan (seating-plan.schema.json, version 0.0.1) as a venue.
///
/// zones -> sections (id = zone_id, else uuid, else "zone-<n>"); rows -> rows (id = row_number,
/// label = row_label with "%s" replaced by the row number, else row_number); seats -> seats
/// (id = seat_guid, number = seat_number, position = zone + row + seat position); categories ->
/// categories (id and name = the pretix category name, verbatim); areas of every zone -> shapes
/// (rectangle, circle and ellipse -> Rectangle/Ellipse, polygon -> Polygon with rotation applied,
/// text -> Text). The focal point is the centre of the first rectangle area (usually the stage),
/// else the top centre of the plan. Problems carry paths into the pretix document
/// ("$.zones[0].rows[3].seats[2].seat_guid"); fields outside the schema are warnings.
class PretixImporter
{
public:
    static VenueReadResult read(QByteArrayView json);
    static VenueReadResult readFile(const QString &path);
};

} // namespace boxoffice::core
