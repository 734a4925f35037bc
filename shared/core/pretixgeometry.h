// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/venue.h>

namespace boxoffice::core::pretix {

/// Colour of a pretix category that has none.
inline constexpr QRgb kDefaultCategoryColour = 0x888888;

/// A pretix area in absolute coordinates, between JSON and Shape.
struct Area
{
    QString uuid;
    QString shape;       ///< "rectangle", "circle", "ellipse", "polygon" or "text"
    QPointF position;    ///< absolute: zone position + area position
    double rotation = 0; ///< degrees clockwise around `position`
    QColor fill;
    QColor stroke;
    QSizeF size;      ///< rectangle: width, height; circle/ellipse: radii
    QPolygonF points; ///< polygon, relative to `position`
    QString text;
    QColor textColour;
    double textSize = 16;
    QPointF textOffset; ///< text position relative to `position`
};

/// The shape an area draws (pretix rotates around the area position, shapes around their centre).
Shape toShape(const Area &area);
/// The area that draws `shape` (stages become rectangles).
Area fromShape(const Shape &shape);
/// Centre of the first rectangle or stage shape, else the top centre of the plan.
QPointF defaultFocalPoint(const Venue &venue);

} // namespace boxoffice::core::pretix
