// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/venue.h>

#include <QByteArray>
#include <QStringList>

namespace boxoffice::core {

/// Writes a venue as a pretix seating plan (seating-plan.schema.json).
///
/// Each section becomes a zone at (0, 0) with absolute seat positions; category ids become the
/// pretix category names; all shapes become areas of the first zone. pretix has no place for
/// section outlines, GA areas, seat flags, category display names, the focal point or the stage
/// kind (a stage is written as a rectangle); `losses` lists what was dropped.
/// PretixImporter::read(write(v)) gives back the same seats, rows, sections and categories.
class PretixExporter
{
public:
    static QByteArray write(const Venue &venue, QStringList *losses = nullptr);
};

} // namespace boxoffice::core
