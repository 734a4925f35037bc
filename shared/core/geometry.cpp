// SPDX-License-Identifier: GPL-3.0-or-later
#include "geometry.h"

#include <QTransform>

#include <cmath>
#include <limits>

namespace boxoffice::core::geometry {

namespace {

QRectF unite(const QRectF &a, const QRectF &b)
{
    // QRectF::united() ignores empty rects, but a single point or a straight row is empty and
    // still has a position worth keeping.
    const double left = std::min(a.left(), b.left());
    const double top = std::min(a.top(), b.top());
    const double right = std::max(a.right(), b.right());
    const double bottom = std::max(a.bottom(), b.bottom());
    return QRectF(QPointF(left, top), QPointF(right, bottom));
}

QRectF pointsRect(const QList<QPointF> &points)
{
    if (points.isEmpty())
        return {};
    double left = points.first().x();
    double right = left;
    double top = points.first().y();
    double bottom = top;
    for (const QPointF &point : points) {
        left = std::min(left, point.x());
        right = std::max(right, point.x());
        top = std::min(top, point.y());
        bottom = std::max(bottom, point.y());
    }
    return QRectF(QPointF(left, top), QPointF(right, bottom));
}

} // namespace

QRectF boundingRect(const Row &row)
{
    QList<QPointF> points;
    points.reserve(row.seats.size());
    for (const Seat &seat : row.seats)
        points.append(seat.position);
    return pointsRect(points);
}

QRectF boundingRect(const Section &section)
{
    QList<QPointF> points(section.outline.cbegin(), section.outline.cend());
    for (const Row &row : section.rows) {
        for (const Seat &seat : row.seats)
            points.append(seat.position);
    }
    return pointsRect(points);
}

QRectF boundingRect(const Shape &shape)
{
    if (shape.kind == Shape::Kind::Polygon)
        return pointsRect(QList<QPointF>(shape.points.cbegin(), shape.points.cend()));
    if (shape.rotation == 0)
        return shape.rect;
    const QPointF pivot = shape.kind == Shape::Kind::Text ? shape.rect.topLeft()
                                                          : shape.rect.center();
    QTransform transform;
    transform.translate(pivot.x(), pivot.y());
    transform.rotate(shape.rotation);
    transform.translate(-pivot.x(), -pivot.y());
    return transform.mapRect(shape.rect);
}

QRectF boundingRect(const Venue &venue)
{
    QRectF bounds(venue.focalPoint, QSizeF(0, 0));
    for (const Section &section : venue.sections) {
        if (!section.outline.isEmpty() || !section.rows.isEmpty())
            bounds = unite(bounds, boundingRect(section));
    }
    for (const GaArea &area : venue.gaAreas) {
        if (!area.outline.isEmpty())
            bounds = unite(bounds, area.outline.boundingRect());
    }
    for (const Shape &shape : venue.shapes)
        bounds = unite(bounds, boundingRect(shape));
    return bounds;
}

std::optional<SeatRef> seatAt(const Venue &venue, QPointF point, double radius)
{
    std::optional<SeatRef> best;
    double bestDistance = radius * radius;
    venue.forEachSeat([&](const Section &, const Row &, const Seat &seat, SeatRef ref) {
        const QPointF delta = seat.position - point;
        const double distance = QPointF::dotProduct(delta, delta);
        if (distance <= bestDistance) {
            if (!best || distance < bestDistance)
                best = ref;
            bestDistance = distance;
        }
    });
    return best;
}

QList<SeatRef> seatsIn(const Venue &venue, const QRectF &rect)
{
    QList<SeatRef> refs;
    const QRectF normalized = rect.normalized();
    venue.forEachSeat([&](const Section &, const Row &, const Seat &seat, SeatRef ref) {
        if (normalized.contains(seat.position))
            refs.append(ref);
    });
    return refs;
}

bool contains(const QPolygonF &polygon, QPointF point)
{
    return polygon.size() >= 3 && polygon.containsPoint(point, Qt::OddEvenFill);
}

int sectionAt(const Venue &venue, QPointF point)
{
    for (int i = 0; i < venue.sections.size(); ++i) {
        if (contains(venue.sections.at(i).outline, point))
            return i;
    }
    return -1;
}

int gaAreaAt(const Venue &venue, QPointF point)
{
    for (int i = 0; i < venue.gaAreas.size(); ++i) {
        if (contains(venue.gaAreas.at(i).outline, point))
            return i;
    }
    return -1;
}

double distanceToFocalPoint(const Venue &venue, const Seat &seat)
{
    const QPointF delta = seat.position - venue.focalPoint;
    return std::hypot(delta.x(), delta.y());
}

} // namespace boxoffice::core::geometry
