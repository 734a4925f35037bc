// SPDX-License-Identifier: GPL-3.0-or-later
#include "setcategory.h"

#include "moveobjects.h"

#include <QCoreApplication>

namespace boxoffice::editor {

SetCategory::SetCategory(Document *document,
                         const QList<core::SeatRef> &seats,
                         const QList<seatmap::ObjectRef> &objects,
                         const QString &categoryId)
    : VenueCommand(document,
                   QCoreApplication::translate("boxoffice::editor::Commands", "Set Category"),
                   eventFor(seats, objects))
{
    for (const core::SeatRef &ref : seats) {
        if (m_other.isValid(ref))
            m_other.seat(ref).categoryId = categoryId;
    }
    for (const seatmap::ObjectRef &ref : objects) {
        if (ref.kind == seatmap::ObjectRef::Kind::GaArea && ref.index < m_other.gaAreas.size()) {
            m_other.gaAreas[ref.index].categoryId = categoryId;
        } else if (ref.kind == seatmap::ObjectRef::Kind::Section
                   && ref.index < m_other.sections.size()) {
            for (core::Row &row : m_other.sections[ref.index].rows) {
                for (core::Seat &seat : row.seats)
                    seat.categoryId = categoryId;
            }
        }
    }
}

} // namespace boxoffice::editor
