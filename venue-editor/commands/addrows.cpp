// SPDX-License-Identifier: GPL-3.0-or-later
#include "addrows.h"

#include "../document.h"

#include <core/numbering.h>
#include <core/venuegenerator.h>

#include <QCoreApplication>

namespace boxoffice::editor {

AddRows::AddRows(Document *document,
                 int section,
                 const QList<core::Row> &rows,
                 const core::Section &newSection)
    : VenueCommand(document,
                   QCoreApplication::translate("boxoffice::editor::Commands",
                                               "Add %n Row(s)",
                                               nullptr,
                                               int(rows.size())),
                   {ChangeEvent::Kind::Sections, {section}})
    , m_section(section)
{
    if (section < 0 || section >= m_other.sections.size()) {
        m_other.sections.append(newSection);
        m_section = int(m_other.sections.size()) - 1;
        m_event = {ChangeEvent::Kind::Venue, {}};
    }
    m_other.sections[m_section].rows.append(rows);
    m_other.rebuildSeatIndex();
}

core::Row makeRow(const QString &sectionId,
                  const QString &label,
                  const QList<QPointF> &positions,
                  int scheme,
                  int start,
                  const QString &categoryId)
{
    const QList<int> numbers = core::numbering::seatNumbers(int(positions.size()),
                                                            core::NumberingScheme(scheme),
                                                            start);
    return core::VenueGenerator::makeRow(sectionId, label, positions, numbers, categoryId);
}

} // namespace boxoffice::editor
