// SPDX-License-Identifier: GPL-3.0-or-later
#include "dirtyrects.h"

namespace boxoffice::seatmap {

QList<QRectF> dirtyRects(const QList<QRectF> &rects, qsizetype maxRects)
{
    QList<QRectF> result;
    QRectF bounds;
    for (const QRectF &rect : rects) {
        if (rect.isEmpty())
            continue;
        result.append(rect);
        bounds |= rect;
    }
    if (result.size() > qMax<qsizetype>(1, maxRects))
        return {bounds};
    return result;
}

} // namespace boxoffice::seatmap
