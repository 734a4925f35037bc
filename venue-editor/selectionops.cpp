// SPDX-License-Identifier: GPL-3.0-or-later
#include "selectionops.h"

#include "commands/deleteobjects.h"
#include "commands/rotateobjects.h"
#include "document.h"

#include <QSet>

namespace boxoffice::editor::selectionops {

namespace {

void expand(Document &document, bool sections)
{
    QSet<QPair<int, int>> rows;
    QSet<int> sectionSet;
    for (const core::SeatRef &ref : document.selectedSeats()) {
        rows.insert({ref.section, ref.row});
        sectionSet.insert(ref.section);
    }
    for (const seatmap::ObjectRef &ref : document.selectedObjects()) {
        if (ref.kind == seatmap::ObjectRef::Kind::Section)
            sectionSet.insert(ref.index);
    }
    QList<core::SeatRef> seats;
    document.venue().forEachSeat([&](const auto &, const auto &, const auto &, core::SeatRef ref) {
        if (sections ? sectionSet.contains(ref.section) : rows.contains({ref.section, ref.row}))
            seats.append(ref);
    });
    document.setSelection(seats, document.selectedObjects());
}

} // namespace

void selectAllSeats(Document &document)
{
    QList<core::SeatRef> seats;
    document.venue().forEachSeat(
        [&seats](const auto &, const auto &, const auto &, core::SeatRef ref) {
            seats.append(ref);
        });
    document.setSelection(seats);
}

void selectWholeRows(Document &document)
{
    expand(document, false);
}

void selectWholeSections(Document &document)
{
    expand(document, true);
}

void selectNone(Document &document)
{
    document.setSelection({});
}

void remove(Document &document)
{
    if (document.selectedSeats().isEmpty() && document.selectedObjects().isEmpty())
        return;
    document.undoStack()->push(
        new DeleteObjects(&document, document.selectedSeats(), document.selectedObjects()));
    document.setSelection({});
}

void rotate(Document &document, double degrees)
{
    const auto seats = document.selectedSeats();
    const auto objects = document.selectedObjects();
    if (seats.isEmpty() && objects.isEmpty())
        return;
    document.undoStack()->push(new RotateObjects(&document,
                                                 seats,
                                                 objects,
                                                 degrees,
                                                 selectionCentre(document.venue(), seats, objects)));
}

void align(Document &document, AlignSeats::Mode mode)
{
    if (document.selectedSeats().size() >= 2)
        document.undoStack()->push(new AlignSeats(&document, document.selectedSeats(), mode));
}

} // namespace boxoffice::editor::selectionops
