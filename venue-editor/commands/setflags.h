// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "venuecommand.h"

#include <core/seat.h>

namespace boxoffice::editor {

/// Turns a seat flag (wheelchair, companion, restricted view, aisle) on or off for seats.
class SetFlags : public VenueCommand
{
public:
    SetFlags(Document *document, const QList<core::SeatRef> &seats, core::SeatFlag flag, bool on);
};

} // namespace boxoffice::editor
