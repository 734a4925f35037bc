// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "venuecommand.h"

#include <seatmap/objectref.h>

namespace boxoffice::editor {

/// Deletes seats (rows left empty go too), sections, GA areas and shapes.
class DeleteObjects : public VenueCommand
{
public:
    DeleteObjects(Document *document,
                  const QList<core::SeatRef> &seats,
                  const QList<seatmap::ObjectRef> &objects);
};

} // namespace boxoffice::editor
