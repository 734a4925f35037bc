// SPDX-License-Identifier: GPL-3.0-or-later
#include "renumberrows.h"

#include <QCoreApplication>
#include <QSet>

namespace boxoffice::editor {

RenumberRows::RenumberRows(Document *document,
                           const QList<core::SeatRef> &seats,
                           core::NumberingScheme scheme,
                           int start)
    : VenueCommand(document,
                   QCoreApplication::translate("boxoffice::editor::Commands", "Renumber"),
                   {ChangeEvent::Kind::Sections, sectionsOf(seats)})
{
    QSet<QPair<int, int>> rows;
    for (const core::SeatRef &ref : seats)
        rows.insert({ref.section, ref.row});
    for (const auto &[s, r] : std::as_const(rows)) {
        if (s < 0 || s >= m_other.sections.size() || r < 0
            || r >= m_other.sections.at(s).rows.size())
            continue;
        core::Section &section = m_other.sections[s];
        core::Row &row = section.rows[r];
        const QStringList labels = core::numbering::seatLabels(int(row.seats.size()), scheme, start);
        for (qsizetype i = 0; i < row.seats.size(); ++i) {
            core::Seat &seat = row.seats[i];
            seat.number = labels.at(i);
            seat.id = section.id + u'-' + row.label + u'-' + seat.number;
        }
    }
    m_other.rebuildSeatIndex();
}

} // namespace boxoffice::editor
