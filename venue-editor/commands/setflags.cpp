// SPDX-License-Identifier: GPL-3.0-or-later
#include "setflags.h"

#include <QCoreApplication>

namespace boxoffice::editor {

SetFlags::SetFlags(Document *document,
                   const QList<core::SeatRef> &seats,
                   core::SeatFlag flag,
                   bool on)
    : VenueCommand(document,
                   on ? QCoreApplication::translate("boxoffice::editor::Commands", "Set Flag")
                      : QCoreApplication::translate("boxoffice::editor::Commands", "Clear Flag"),
                   {ChangeEvent::Kind::Sections, sectionsOf(seats)})
{
    for (const core::SeatRef &ref : seats) {
        if (m_other.isValid(ref))
            m_other.seat(ref).flags.setFlag(flag, on);
    }
}

} // namespace boxoffice::editor
