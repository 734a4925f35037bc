// SPDX-License-Identifier: GPL-3.0-or-later
#include "rowlayout.h"

#include <QtMath>

#include <cmath>

namespace boxoffice::core::rowlayout {

QList<QPointF> straight(QPointF start, double angleDegrees, int count, double spacing)
{
    QList<QPointF> points;
    if (count <= 0)
        return points;
    points.reserve(count);
    const double angle = qDegreesToRadians(angleDegrees);
    const QPointF step(std::cos(angle) * spacing, std::sin(angle) * spacing);
    for (int i = 0; i < count; ++i)
        points.append(start + step * i);
    return points;
}

QList<QPointF> arc(QPointF centre, double radius, double startAngleDegrees, int count, double spacing)
{
    QList<QPointF> points;
    if (count <= 0 || !(radius > 0))
        return points;
    points.reserve(count);
    const double start = qDegreesToRadians(startAngleDegrees);
    const double step = spacing / radius; // arc length -> angle
    for (int i = 0; i < count; ++i) {
        const double angle = start + step * i;
        points.append(centre + QPointF(std::cos(angle), std::sin(angle)) * radius);
    }
    return points;
}

namespace {

/// Sagitta of a row of `segments` chords of length `spacing` on a circle of `radius`.
double sagittaFor(double radius, int segments, double spacing)
{
    const double half = segments * std::asin(std::min(1.0, spacing / (2 * radius)));
    return radius * (1 - std::cos(half));
}

} // namespace

QList<QPointF> curved(QPointF start, double angleDegrees, int count, double spacing, double sagitta)
{
    const int segments = count - 1;
    const double wanted = std::abs(sagitta);
    if (count <= 2 || !(spacing > 0) || !(wanted > 1e-9))
        return straight(start, angleDegrees, count, spacing);

    // The row spans at most half a circle: its sagitta is then largest, at the smallest radius
    // that still fits the row. Find the radius by bisection (the sagitta falls as it grows).
    const double halfSpan = M_PI / 2;
    double low = spacing / (2 * std::sin(halfSpan / segments));
    double high = 1e12;
    if (wanted >= sagittaFor(low, segments, spacing)) {
        high = low;
    } else {
        for (int i = 0; i < 200 && high - low > 1e-9 * high; ++i) {
            const double mid = std::sqrt(low * high); // radii span many orders of magnitude
            (sagittaFor(mid, segments, spacing) > wanted ? low : high) = mid;
        }
    }
    const double radius = high;
    const double step = 2 * std::asin(std::min(1.0, spacing / (2 * radius)));

    const double heading = qDegreesToRadians(angleDegrees);
    const double halfArc = step * segments / 2;
    // Build in a local frame: chord along +x from (0,0), bulge towards +y, then rotate.
    const double halfChord = radius * std::sin(halfArc);
    const QPointF localCentre(halfChord, -(radius * std::cos(halfArc)));
    const double a0 = M_PI / 2 + halfArc; // angle of the first seat seen from the local centre
    QList<QPointF> points;
    points.reserve(count);
    const double cosH = std::cos(heading);
    const double sinH = std::sin(heading);
    for (int i = 0; i < count; ++i) {
        const double a = a0 - step * i;
        QPointF local = localCentre + QPointF(std::cos(a), std::sin(a)) * radius;
        if (sagitta < 0)
            local.setY(-local.y());
        points.append(
            start
            + QPointF(local.x() * cosH - local.y() * sinH, local.x() * sinH + local.y() * cosH));
    }
    return points;
}

} // namespace boxoffice::core::rowlayout
