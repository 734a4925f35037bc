// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "venuecommand.h"

namespace boxoffice::editor {

/// Adds a section (outline and maybe rows) at the end of the venue's sections.
class AddSection : public VenueCommand
{
public:
    AddSection(Document *document, const core::Section &section);
};

/// A section id not yet used in `venue` ("S1", "S2", ...).
QString nextSectionId(const core::Venue &venue);

} // namespace boxoffice::editor
