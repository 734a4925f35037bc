// SPDX-License-Identifier: GPL-3.0-or-later
#include "snapping.h"

#include "tooloptions.h"

namespace boxoffice::editor {

QPointF snapPoint(const core::Venue &venue,
                  const ToolOptions &options,
                  QPointF raw,
                  const QSet<core::SeatRef> &exclude)
{
    QPointF result = options.snap(raw);
    if (!options.snapToSeats)
        return result;
    const double tolerance = options.seatSpacing * 0.25;
    double bestX = tolerance, bestY = tolerance;
    // A straight scan: 60,000 seats take well under a millisecond, less than a repaint.
    venue.forEachSeat(
        [&](const core::Section &, const core::Row &, const core::Seat &seat, core::SeatRef ref) {
            const QPointF d = seat.position - raw;
            if (qAbs(d.x()) >= bestX && qAbs(d.y()) >= bestY)
                return;
            if (exclude.contains(ref))
                return;
            if (qAbs(d.x()) < bestX) {
                bestX = qAbs(d.x());
                result.setX(seat.position.x());
            }
            if (qAbs(d.y()) < bestY) {
                bestY = qAbs(d.y());
                result.setY(seat.position.y());
            }
        });
    return result;
}

} // namespace boxoffice::editor
