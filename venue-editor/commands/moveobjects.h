// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "venuecommand.h"

#include <seatmap/objectref.h>

namespace boxoffice::editor {

/// Moves seats and objects by `delta`. The steps of one drag (same non-zero `dragId`) merge into
/// one undo step, which disappears when the drag ends where it started.
class MoveObjects : public VenueCommand
{
public:
    MoveObjects(Document *document,
                const QList<core::SeatRef> &seats,
                const QList<seatmap::ObjectRef> &objects,
                QPointF delta,
                int dragId = 0);

    int id() const override { return 1; }
    bool mergeWith(const QUndoCommand *other) override;

private:
    QList<core::SeatRef> m_seats;
    QList<seatmap::ObjectRef> m_objects;
    QPointF m_delta;
    int m_dragId;
};

/// Applies `transform` to the given seats and objects of `venue` (move, rotate, align).
void transformObjects(core::Venue &venue,
                      const QList<core::SeatRef> &seats,
                      const QList<seatmap::ObjectRef> &objects,
                      const QTransform &transform);
/// The change event for edits of `seats` and `objects`.
ChangeEvent eventFor(const QList<core::SeatRef> &seats, const QList<seatmap::ObjectRef> &objects);

} // namespace boxoffice::editor
