// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QRectF>

namespace boxoffice::seatmap {

/// The rectangles to repaint for a set of changed seats: the seats' own rectangles while they are
/// few, else their bounding rectangle (many small updates cost more than one larger one; the view
/// itself falls back to the bounding rectangle above 50 rectangles).
QList<QRectF> dirtyRects(const QList<QRectF> &rects, qsizetype maxRects = 32);

} // namespace boxoffice::seatmap
