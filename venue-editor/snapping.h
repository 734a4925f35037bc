// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/venue.h>

#include <QPointF>
#include <QSet>

namespace boxoffice::editor {

class ToolOptions;

/// Where a point drawn or dragged to `raw` lands: each coordinate lines up with another seat's
/// when one is within `tolerance` (snap to seats), else goes to the grid (snap to grid).
/// Seats in `exclude` (the ones being moved) are ignored.
QPointF snapPoint(const core::Venue &venue,
                  const ToolOptions &options,
                  QPointF raw,
                  const QSet<core::SeatRef> &exclude = {});

} // namespace boxoffice::editor
