// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "venuecommand.h"

#include <functional>

namespace boxoffice::editor {

/// A property edit from the property panel or a dialog (names, labels, capacity, categories,
/// focal point, size): `edit` changes a copy of the venue.
class ChangeVenue : public VenueCommand
{
public:
    ChangeVenue(Document *document,
                const QString &text,
                const ChangeEvent &event,
                const std::function<void(core::Venue &)> &edit);
};

} // namespace boxoffice::editor
