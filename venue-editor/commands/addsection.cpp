// SPDX-License-Identifier: GPL-3.0-or-later
#include "addsection.h"

#include "../document.h"

#include <QCoreApplication>

namespace boxoffice::editor {

AddSection::AddSection(Document *document, const core::Section &section)
    : VenueCommand(document,
                   QCoreApplication::translate("boxoffice::editor::Commands", "Add Section"),
                   {ChangeEvent::Kind::Venue, {}})
{
    m_other.sections.append(section);
}

QString nextSectionId(const core::Venue &venue)
{
    for (int n = int(venue.sections.size()) + 1;; ++n) {
        const QString id = QStringLiteral("S%1").arg(n);
        if (venue.findSection(id) < 0)
            return id;
    }
}

} // namespace boxoffice::editor
