// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "venuecommand.h"

#include <seatmap/objectref.h>

namespace boxoffice::editor {

/// Rotates seats and objects by `degrees` (clockwise on screen) around `centre`.
class RotateObjects : public VenueCommand
{
public:
    RotateObjects(Document *document,
                  const QList<core::SeatRef> &seats,
                  const QList<seatmap::ObjectRef> &objects,
                  double degrees,
                  QPointF centre);
};

/// The centre of the bounding box of `seats` and `objects` in `venue`.
QPointF selectionCentre(const core::Venue &venue,
                        const QList<core::SeatRef> &seats,
                        const QList<seatmap::ObjectRef> &objects);

} // namespace boxoffice::editor
