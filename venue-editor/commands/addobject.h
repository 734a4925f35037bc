// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "venuecommand.h"

namespace boxoffice::editor {

/// Adds a GA area or a decorative shape.
class AddObject : public VenueCommand
{
public:
    AddObject(Document *document, const core::GaArea &area);
    AddObject(Document *document, const core::Shape &shape);
};

} // namespace boxoffice::editor
