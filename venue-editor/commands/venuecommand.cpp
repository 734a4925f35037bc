// SPDX-License-Identifier: GPL-3.0-or-later
#include "venuecommand.h"

#include "../document.h"

#include <QSet>

namespace boxoffice::editor {

VenueCommand::VenueCommand(Document *document, const QString &text, ChangeEvent event)
    : QUndoCommand(text)
    , m_document(document)
    , m_other(document->venue())
    , m_event(std::move(event))
{}

void VenueCommand::swap()
{
    m_document->swapVenue(m_other, m_event);
}

QList<int> sectionsOf(const QList<core::SeatRef> &seats)
{
    QSet<int> set;
    for (const core::SeatRef &ref : seats)
        set.insert(ref.section);
    QList<int> list(set.cbegin(), set.cend());
    std::sort(list.begin(), list.end());
    return list;
}

} // namespace boxoffice::editor
