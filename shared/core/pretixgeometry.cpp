// SPDX-License-Identifier: GPL-3.0-or-later
#include "pretixgeometry.h"

#include <QtMath>

#include <cmath>

namespace boxoffice::core::pretix {

namespace {

/// Rotates `point` by `degrees` clockwise on screen (y down).
QPointF rotated(QPointF point, double degrees)
{
    if (degrees == 0)
        return point;
    const double angle = qDegreesToRadians(degrees);
    const double c = std::cos(angle);
    const double s = std::sin(angle);
    return QPointF(point.x() * c - point.y() * s, point.x() * s + point.y() * c);
}

} // namespace

Shape toShape(const Area &area)
{
    Shape shape;
    shape.id = area.uuid;
    shape.fill = area.fill;
    shape.stroke = area.stroke;
    shape.rotation = area.rotation;
    if (area.shape == u"rectangle") {
        shape.kind = Shape::Kind::Rectangle;
        const QPointF half(area.size.width() / 2, area.size.height() / 2);
        const QPointF centre = area.position + rotated(half, area.rotation);
        shape.rect = QRectF(centre - half, area.size);
    } else if (area.shape == u"circle" || area.shape == u"ellipse") {
        shape.kind = Shape::Kind::Ellipse;
        const QPointF radius(area.size.width(), area.size.height());
        shape.rect = QRectF(area.position - radius, area.position + radius);
    } else if (area.shape == u"polygon") {
        shape.kind = Shape::Kind::Polygon;
        shape.rotation = 0; // applied to the points
        for (const QPointF &point : area.points)
            shape.points.append(area.position + rotated(point, area.rotation));
    } else {
        shape.kind = Shape::Kind::Text;
        shape.rect = QRectF(area.position + rotated(area.textOffset, area.rotation), QSizeF(0, 0));
        shape.text = area.text;
        shape.fontSize = area.textSize;
        shape.fill = area.textColour;
        shape.stroke = QColor();
    }
    return shape;
}

Area fromShape(const Shape &shape)
{
    Area area;
    area.uuid = shape.id;
    area.fill = shape.fill;
    area.stroke = shape.stroke;
    area.rotation = shape.rotation;
    switch (shape.kind) {
    case Shape::Kind::Stage:
    case Shape::Kind::Rectangle: {
        area.shape = QStringLiteral("rectangle");
        // pretix sizes are integers.
        area.size = QSizeF(qRound(shape.rect.width()), qRound(shape.rect.height()));
        const QPointF half(area.size.width() / 2, area.size.height() / 2);
        area.position = shape.rect.center() - rotated(half, shape.rotation);
        break;
    }
    case Shape::Kind::Ellipse:
        area.shape = QStringLiteral("ellipse");
        area.position = shape.rect.center();
        area.size = QSizeF(shape.rect.width() / 2, shape.rect.height() / 2);
        break;
    case Shape::Kind::Polygon:
        area.shape = QStringLiteral("polygon");
        area.rotation = 0;
        area.points = shape.points;
        break;
    case Shape::Kind::Text:
        area.shape = QStringLiteral("text");
        area.position = shape.rect.topLeft();
        area.text = shape.text;
        area.textColour = shape.fill;
        area.textSize = qRound(shape.fontSize);
        area.fill = QColor();
        area.stroke = QColor();
        break;
    }
    return area;
}

QPointF defaultFocalPoint(const Venue &venue)
{
    for (const Shape &shape : venue.shapes) {
        if (shape.kind == Shape::Kind::Rectangle || shape.kind == Shape::Kind::Stage)
            return shape.rect.center();
    }
    return QPointF(venue.size.width() / 2, 0);
}

} // namespace boxoffice::core::pretix
