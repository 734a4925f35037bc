// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "venuecommand.h"

#include <core/numbering.h>

namespace boxoffice::editor {

/// Renumbers every row that has a selected seat: seats (in row order, left to right) get numbers
/// by `scheme` from `start`, and seat ids follow ("<section>-<row>-<number>").
class RenumberRows : public VenueCommand
{
public:
    RenumberRows(Document *document,
                 const QList<core::SeatRef> &seats,
                 core::NumberingScheme scheme,
                 int start);
};

} // namespace boxoffice::editor
