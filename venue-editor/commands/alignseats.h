// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "venuecommand.h"

namespace boxoffice::editor {

/// Aligns seats on a common edge or centre line, or distributes them evenly.
class AlignSeats : public VenueCommand
{
public:
    enum class Mode : quint8 {
        Left,
        Right,
        Top,
        Bottom,
        HorizontalCentre,
        VerticalCentre,
        DistributeHorizontally,
        DistributeVertically
    };

    AlignSeats(Document *document, const QList<core::SeatRef> &seats, Mode mode);
};

} // namespace boxoffice::editor
