// SPDX-License-Identifier: GPL-3.0-or-later
#include "venuegenerator.h"

#include "geometry.h"
#include "numbering.h"
#include "rowlayout.h"

#include <QtMath>

#include <cmath>

namespace boxoffice::core {

namespace {

QPolygonF rectangle(const QRectF &rect)
{
    return QPolygonF({rect.topLeft(), rect.topRight(), rect.bottomRight(), rect.bottomLeft()});
}

/// Rounds to 0.01 units (0.1 mm) so that generated files stay short and readable.
QPointF rounded(QPointF point)
{
    return QPointF(std::round(point.x() * 100) / 100, std::round(point.y() * 100) / 100);
}

/// The bounding rectangle of a section's seats grown by `margin`, as an outline.
QPolygonF outlineAround(const Section &section, double margin)
{
    const QRectF bounds = geometry::boundingRect(section).adjusted(-margin, -margin, margin, margin);
    return rectangle(bounds);
}

Shape stage(const QRectF &rect)
{
    Shape shape;
    shape.kind = Shape::Kind::Stage;
    shape.id = QStringLiteral("stage");
    shape.rect = rect;
    shape.text = QStringLiteral("Stage");
    shape.fill = QColor(0x55, 0x55, 0x55);
    shape.stroke = QColor(0x22, 0x22, 0x22);
    return shape;
}

Shape label(const QString &id, const QString &text, QPointF anchor)
{
    Shape shape;
    shape.kind = Shape::Kind::Text;
    shape.id = id;
    shape.rect = QRectF(anchor, QSizeF(0, 0));
    shape.text = text;
    shape.fontSize = 60;
    shape.fill = QColor(0x33, 0x33, 0x33);
    return shape;
}

void flagRange(Row &row, int first, int last, SeatFlags flags)
{
    for (int i = first; i <= last && i < row.seats.size(); ++i)
        row.seats[i].flags |= flags;
}

} // namespace

Row VenueGenerator::makeRow(const QString &idPrefix,
                            const QString &label,
                            const QList<QPointF> &positions,
                            const QList<int> &numbers,
                            const QString &categoryId)
{
    Row row;
    row.id = label;
    row.label = label;
    row.seats.reserve(positions.size());
    for (qsizetype i = 0; i < positions.size() && i < numbers.size(); ++i) {
        const QString number = QString::number(numbers.at(i));
        row.seats.append(Seat{idPrefix + u'-' + label + u'-' + number,
                              number,
                              rounded(positions.at(i)),
                              categoryId,
                              {}});
    }
    return row;
}

Venue VenueGenerator::smallTheatre()
{
    Venue venue;
    venue.id = QStringLiteral("small-theatre");
    venue.name = QStringLiteral("Small Theatre");
    venue.size = QSizeF(2400, 2700);
    venue.focalPoint = QPointF(1200, 300);
    venue.categories = {{QStringLiteral("stalls"), QStringLiteral("Stalls"), QColor(0xc0392b)},
                        {QStringLiteral("balcony"), QStringLiteral("Balcony"), QColor(0x2e86c1)}};
    venue.shapes.append(stage(QRectF(600, 100, 1200, 400)));

    // Stalls: 14 straight rows of 24 (A-P without I and O), a 1 m centre aisle after seat 12.
    Section stalls{QStringLiteral("stalls"), QStringLiteral("Stalls"), {}, {}};
    const QStringList stallLabels = numbering::rowLabels(14, RowLabelStyle::Letters);
    const QList<int> stallNumbers = numbering::seatNumbers(24, NumberingScheme::LeftToRight);
    for (int r = 0; r < stallLabels.size(); ++r) {
        const double y = 700 + r * 85;
        QList<QPointF> positions = rowlayout::straight(QPointF(537.5, y), 0, 12, 50);
        positions += rowlayout::straight(QPointF(1237.5 + 75, y), 0, 12, 50);
        Row row = makeRow(QStringLiteral("S"),
                          stallLabels.at(r),
                          positions,
                          stallNumbers,
                          QStringLiteral("stalls"));
        flagRange(row, 11, 12, SeatFlag::Aisle);
        stalls.rows.append(std::move(row));
    }
    // The last row has wheelchair spaces with a companion seat beside each, at the aisle.
    Row &last = stalls.rows.last();
    flagRange(last, 10, 10, SeatFlag::Companion);
    flagRange(last, 11, 12, SeatFlag::Wheelchair);
    flagRange(last, 13, 13, SeatFlag::Companion);
    stalls.outline = outlineAround(stalls, 60);
    venue.sections.append(std::move(stalls));

    // Balcony: 6 arc rows around the focal point, odd/even numbering from the centre.
    Section balcony{QStringLiteral("balcony"), QStringLiteral("Balcony"), {}, {}};
    for (int r = 0; r < 6; ++r) {
        const int count = 26 + 2 * r;
        const double radius = 1800 + r * 90;
        const double spacing = 55;
        const double halfAngle = qRadiansToDegrees(spacing * (count - 1) / 2 / radius);
        // Start on the left (angle > 90 degrees is left of straight down) and walk
        // counter-clockwise towards the right.
        const QList<QPointF> positions = rowlayout::arc(venue.focalPoint,
                                                        radius,
                                                        90 + halfAngle,
                                                        count,
                                                        -spacing);
        const QList<int> numbers = numbering::seatNumbers(count, NumberingScheme::OddEvenFromCentre);
        Row row = makeRow(QStringLiteral("B"),
                          QString::number(r + 1),
                          positions,
                          numbers,
                          QStringLiteral("balcony"));
        if (r == 5)
            flagRange(row, 0, 3, SeatFlag::RestrictedView); // behind a pillar
        balcony.rows.append(std::move(row));
    }
    balcony.outline = outlineAround(balcony, 60);
    venue.sections.append(std::move(balcony));

    venue.shapes.append(
        label(QStringLiteral("label-balcony"), QStringLiteral("Balcony"), QPointF(1100, 2620)));
    venue.rebuildSeatIndex();
    return venue;
}

Venue VenueGenerator::arena()
{
    Venue venue;
    venue.id = QStringLiteral("arena");
    venue.name = QStringLiteral("Arena");
    venue.size = QSizeF(6000, 5000);
    venue.focalPoint = QPointF(3000, 500);
    venue.categories = {{QStringLiteral("floor"),
                         QStringLiteral("Floor (standing)"),
                         QColor(0x27ae60)},
                        {QStringLiteral("tier-1"), QStringLiteral("Tier 1"), QColor(0xc0392b)},
                        {QStringLiteral("tier-2"), QStringLiteral("Tier 2"), QColor(0x8e44ad)}};
    venue.shapes.append(stage(QRectF(2000, 200, 2000, 600)));
    venue.gaAreas.append(GaArea{QStringLiteral("floor"),
                                QStringLiteral("Floor"),
                                rectangle(QRectF(1800, 1000, 2400, 2000)),
                                2000,
                                QStringLiteral("floor")});

    // West and east: 10 straight rows of 30 running down the sides of the floor.
    const auto side = [](const QString &id, const QString &name, double firstX, double step) {
        Section section{id, name, {}, {}};
        const QList<int> numbers = numbering::seatNumbers(30, NumberingScheme::LeftToRight);
        for (int r = 0; r < 10; ++r) {
            const QList<QPointF> positions = rowlayout::straight(QPointF(firstX + step * r, 1100),
                                                                 90,
                                                                 30,
                                                                 55);
            section.rows.append(
                makeRow(id.left(1).toUpper(),
                        QString::number(r + 1),
                        positions,
                        numbers,
                        r < 5 ? QStringLiteral("tier-1") : QStringLiteral("tier-2")));
        }
        section.outline = outlineAround(section, 50);
        return section;
    };
    venue.sections.append(side(QStringLiteral("west"), QStringLiteral("West"), 1650, -85));
    venue.sections.append(side(QStringLiteral("east"), QStringLiteral("East"), 4350, 85));

    // South: 8 curved rows behind the floor, bulging away from the stage.
    Section south{QStringLiteral("south"), QStringLiteral("South"), {}, {}};
    const QStringList labels = numbering::rowLabels(8, RowLabelStyle::Letters);
    for (int r = 0; r < labels.size(); ++r) {
        const int count = 40 + 2 * r;
        const double width = 55.0 * (count - 1);
        const QList<QPointF> positions = rowlayout::curved(QPointF(3000 - width / 2, 3200 + r * 90),
                                                           0,
                                                           count,
                                                           55,
                                                           120 + 10 * r);
        const QList<int> numbers = numbering::seatNumbers(count, NumberingScheme::LeftToRight);
        Row row = makeRow(QStringLiteral("S"),
                          labels.at(r),
                          positions,
                          numbers,
                          r < 4 ? QStringLiteral("tier-1") : QStringLiteral("tier-2"));
        flagRange(row, 0, 0, SeatFlag::Aisle);
        flagRange(row, count - 1, count - 1, SeatFlag::Aisle);
        if (r == 0) {
            // Wheelchair spaces at both ends of the front row, each with a companion seat.
            flagRange(row, 0, 1, SeatFlag::Wheelchair);
            flagRange(row, 2, 2, SeatFlag::Companion);
            flagRange(row, count - 2, count - 1, SeatFlag::Wheelchair);
            flagRange(row, count - 3, count - 3, SeatFlag::Companion);
        }
        south.rows.append(std::move(row));
    }
    south.outline = outlineAround(south, 50);
    venue.sections.append(std::move(south));

    venue.shapes.append(
        label(QStringLiteral("label-floor"), QStringLiteral("Floor"), QPointF(2850, 2000)));
    venue.rebuildSeatIndex();
    return venue;
}

Venue VenueGenerator::large(int seatCount)
{
    Venue venue;
    venue.id = QStringLiteral("large-%1").arg(seatCount);
    venue.name = QStringLiteral("Large venue (%1 seats)").arg(seatCount);
    venue.categories = {{QStringLiteral("a"), QStringLiteral("Category A"), QColor(0xc0392b)},
                        {QStringLiteral("b"), QStringLiteral("Category B"), QColor(0x2e86c1)}};
    constexpr int kRows = 50;
    constexpr int kSeatsPerRow = 40;
    constexpr int kPerSection = kRows * kSeatsPerRow;
    const int sectionCount = (seatCount + kPerSection - 1) / kPerSection;
    const int columns = qMax(1, int(std::ceil(std::sqrt(double(sectionCount)))));
    const QList<int> numbers = numbering::seatNumbers(kSeatsPerRow, NumberingScheme::LeftToRight);
    int remaining = seatCount;
    for (int s = 0; s < sectionCount; ++s) {
        const QString id = QStringLiteral("s%1").arg(s + 1);
        Section section{id, QStringLiteral("Section %1").arg(s + 1), {}, {}};
        const QPointF origin(200 + (s % columns) * 2400.0, 1000 + (s / columns) * 4700.0);
        for (int r = 0; r < kRows && remaining > 0; ++r) {
            const int count = qMin(kSeatsPerRow, remaining);
            remaining -= count;
            const QList<QPointF> positions = rowlayout::straight(origin + QPointF(0, r * 90),
                                                                 0,
                                                                 count,
                                                                 55.5);
            section.rows.append(makeRow(id,
                                        numbering::rowLabel(r, RowLabelStyle::Letters),
                                        positions,
                                        numbers.first(count),
                                        r < 20 ? QStringLiteral("a") : QStringLiteral("b")));
        }
        section.outline = outlineAround(section, 50);
        venue.sections.append(std::move(section));
    }
    const QRectF bounds = geometry::boundingRect(venue);
    venue.size = QSizeF(bounds.right() + 200, bounds.bottom() + 200);
    venue.focalPoint = QPointF(venue.size.width() / 2, 400);
    venue.shapes.append(stage(QRectF(venue.size.width() / 2 - 1000, 200, 2000, 500)));
    venue.rebuildSeatIndex();
    return venue;
}

} // namespace boxoffice::core
