// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QPointF>

namespace boxoffice::editor {

struct ToolContext;

/// Turns seat positions drawn by a row tool into rows: finds the section under the first seat
/// (or makes a new one around the rows), labels and numbers the rows from the tool options,
/// pushes one AddRows command and selects the new seats.
void placeRows(ToolContext *context, const QList<QList<QPointF>> &rows);

} // namespace boxoffice::editor
