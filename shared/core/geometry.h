// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/venue.h>

#include <QRectF>

#include <optional>

namespace boxoffice::core::geometry {

/// Bounds of the seat centres of a row (empty for a row without seats).
QRectF boundingRect(const Row &row);
/// Bounds of a section's outline and seat centres.
QRectF boundingRect(const Section &section);
/// Bounds of a shape, rotation included.
QRectF boundingRect(const Shape &shape);
/// Bounds of everything drawn: sections, seats, GA areas, shapes and the focal point.
QRectF boundingRect(const Venue &venue);

/// The seat whose centre is nearest to `point` and at most `radius` away.
std::optional<SeatRef> seatAt(const Venue &venue, QPointF point, double radius);
/// All seats whose centres lie inside `rect` (rubber-band selection).
QList<SeatRef> seatsIn(const Venue &venue, const QRectF &rect);
/// True when `point` is inside `polygon` (odd-even rule; false for fewer than 3 points).
bool contains(const QPolygonF &polygon, QPointF point);
/// Index of the first section whose outline contains `point`, or -1.
int sectionAt(const Venue &venue, QPointF point);
/// Index of the first GA area whose outline contains `point`, or -1.
int gaAreaAt(const Venue &venue, QPointF point);

/// Straight-line distance from the seat to the venue's focal point.
double distanceToFocalPoint(const Venue &venue, const Seat &seat);

} // namespace boxoffice::core::geometry
