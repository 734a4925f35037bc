// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QPointF>

namespace boxoffice::core {

/// Seat positions for building rows. Angles are in degrees, 0 = +x, growing clockwise on screen
/// (y points down), like QTransform::rotate().
namespace rowlayout {

/// `count` positions on a straight line from `start`, heading `angleDegrees`, `spacing` apart.
QList<QPointF> straight(QPointF start, double angleDegrees, int count, double spacing);

/// `count` positions on a circle around `centre`: the first at `startAngleDegrees` (0 = to the
/// right of the centre), the next ones `spacing` apart along the arc, clockwise on screen
/// (counter-clockwise when `spacing` is negative).
QList<QPointF> arc(
    QPointF centre, double radius, double startAngleDegrees, int count, double spacing);

/// A curved row from `start`, heading `angleDegrees`: neighbours stay `spacing` apart (straight
/// line distance) and the middle of the row bulges `sagitta` away from the line between the first
/// and last seat, to the right of the heading (on screen: clockwise side) when positive. A sagitta
/// of 0 gives a straight row. The sagitta is clamped to what the row length allows (a semicircle).
QList<QPointF> curved(QPointF start, double angleDegrees, int count, double spacing, double sagitta);

} // namespace rowlayout
} // namespace boxoffice::core
