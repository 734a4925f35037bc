// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "venuecommand.h"

#include <seatmap/objectref.h>

namespace boxoffice::editor {

/// Gives seats (and selected GA areas and whole sections) the category `categoryId`.
class SetCategory : public VenueCommand
{
public:
    SetCategory(Document *document,
                const QList<core::SeatRef> &seats,
                const QList<seatmap::ObjectRef> &objects,
                const QString &categoryId);
};

} // namespace boxoffice::editor
