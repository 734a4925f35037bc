// SPDX-License-Identifier: GPL-3.0-or-later
#include "changevenue.h"

namespace boxoffice::editor {

ChangeVenue::ChangeVenue(Document *document,
                         const QString &text,
                         const ChangeEvent &event,
                         const std::function<void(core::Venue &)> &edit)
    : VenueCommand(document, text, event)
{
    edit(m_other);
    m_other.rebuildSeatIndex();
}

} // namespace boxoffice::editor
