// SPDX-License-Identifier: GPL-3.0-or-later
#include "tooloptions.h"

#include <cmath>

namespace boxoffice::editor {

QPointF ToolOptions::snap(QPointF point) const
{
    if (!snapToGrid || gridSize <= 0)
        return point;
    return QPointF(std::round(point.x() / gridSize) * gridSize,
                   std::round(point.y() / gridSize) * gridSize);
}

} // namespace boxoffice::editor
