// SPDX-License-Identifier: GPL-3.0-or-later
#include "stadiumgenerator.h"

#include "numbering.h"
#include "rowlayout.h"
#include "venuegenerator.h"

#include <QtMath>

#include <cmath>

namespace boxoffice::core {

namespace {

constexpr double kPitchRadius = 5000; // 50 m from the centre to the first row
constexpr double kRowSpacing = 85;
constexpr double kSeatSpacing = 50;
constexpr double kTierGap = 300;
constexpr double kWedgeDegrees = 360.0 / StadiumGenerator::kWedges;
constexpr double kAisleDegrees = 1.0;

QPolygonF wedge(QPointF centre, double inner, double outer, double fromDegrees, double toDegrees)
{
    QPolygonF polygon;
    constexpr int kSteps = 8;
    for (int i = 0; i <= kSteps; ++i) {
        const double a = qDegreesToRadians(fromDegrees + (toDegrees - fromDegrees) * i / kSteps);
        polygon.append(centre + QPointF(std::cos(a), std::sin(a)) * inner);
    }
    for (int i = kSteps; i >= 0; --i) {
        const double a = qDegreesToRadians(fromDegrees + (toDegrees - fromDegrees) * i / kSteps);
        polygon.append(centre + QPointF(std::cos(a), std::sin(a)) * outer);
    }
    for (QPointF &p : polygon)
        p = QPointF(std::round(p.x()), std::round(p.y()));
    return polygon;
}

double radiusOf(int ring)
{
    const int tier = ring / StadiumGenerator::kRowsPerTier;
    return kPitchRadius + ring * kRowSpacing + tier * kTierGap;
}

int seatsInRing(int ring)
{
    const double arc = qDegreesToRadians(kWedgeDegrees - kAisleDegrees) * radiusOf(ring);
    return int(std::floor(arc / kSeatSpacing)) + 1;
}

} // namespace

Venue StadiumGenerator::generate(int seatCount)
{
    seatCount = qMax(0, seatCount);
    // How many rings (rows around the bowl) are needed.
    int rings = 0;
    for (qint64 total = 0; total < seatCount; ++rings)
        total += qint64(seatsInRing(rings)) * kWedges;
    const double outer = radiusOf(qMax(0, rings - 1)) + 400;
    const QPointF centre(std::round(outer + 500), std::round(outer + 500));

    Venue venue;
    venue.id = QStringLiteral("stadium-%1").arg(seatCount);
    venue.name = QStringLiteral("Stadium (%1 seats)").arg(seatCount);
    venue.size = QSizeF(2 * centre.x(), 2 * centre.y());
    venue.focalPoint = centre;
    venue.categories = {{QStringLiteral("lower"), QStringLiteral("Lower tier"), QColor(0xc0392b)},
                        {QStringLiteral("middle"), QStringLiteral("Middle tier"), QColor(0x2e86c1)},
                        {QStringLiteral("upper"), QStringLiteral("Upper tier"), QColor(0x27ae60)}};
    Shape pitch;
    pitch.kind = Shape::Kind::Rectangle;
    pitch.id = QStringLiteral("pitch");
    pitch.rect = QRectF(centre.x() - 3400, centre.y() - 2200, 6800, 4400);
    pitch.fill = QColor(0x7c, 0xb3, 0x42);
    pitch.stroke = QColor(0xff, 0xff, 0xff);
    venue.shapes.append(pitch);

    const int tiers = (rings + kRowsPerTier - 1) / kRowsPerTier;
    int remaining = seatCount;
    // Sections are (tier, wedge); fill ring by ring so a partial last ring stays at the back.
    QList<Section> sections(qsizetype(tiers) * kWedges);
    for (int t = 0; t < tiers; ++t) {
        for (int w = 0; w < kWedges; ++w) {
            Section &section = sections[t * kWedges + w];
            section.id = QStringLiteral("T%1-%2").arg(t + 1).arg(w + 1, 2, 10, QLatin1Char('0'));
            section.name = QStringLiteral("Tier %1 · Block %2").arg(t + 1).arg(w + 1);
            const int firstRing = t * kRowsPerTier;
            const int lastRing = qMin(rings, firstRing + kRowsPerTier) - 1;
            const double from = w * kWedgeDegrees - 90 + kAisleDegrees / 2;
            section.outline = wedge(centre,
                                    radiusOf(firstRing) - 60,
                                    radiusOf(lastRing) + 60,
                                    from - 0.3,
                                    from + kWedgeDegrees - kAisleDegrees + 0.3);
        }
    }
    const QString categories[] = {QStringLiteral("lower"),
                                  QStringLiteral("middle"),
                                  QStringLiteral("upper")};
    for (int ring = 0; ring < rings && remaining > 0; ++ring) {
        const int tier = ring / kRowsPerTier;
        const double radius = radiusOf(ring);
        const int perRow = seatsInRing(ring);
        const double spanDegrees = qRadiansToDegrees((perRow - 1) * kSeatSpacing / radius);
        const QString label = QString::number(ring % kRowsPerTier + 1);
        for (int w = 0; w < kWedges && remaining > 0; ++w) {
            const int count = qMin(perRow, remaining);
            remaining -= count;
            const double start = w * kWedgeDegrees - 90 + kAisleDegrees / 2
                                 + (kWedgeDegrees - kAisleDegrees - spanDegrees) / 2;
            const QList<QPointF> positions = rowlayout::arc(centre,
                                                            radius,
                                                            start,
                                                            count,
                                                            kSeatSpacing);
            Section &section = sections[tier * kWedges + w];
            section.rows.append(
                VenueGenerator::makeRow(section.id,
                                        label,
                                        positions,
                                        numbering::seatNumbers(count, NumberingScheme::LeftToRight),
                                        categories[qMin(tier, 2)]));
        }
    }
    for (Section &section : sections) {
        if (!section.rows.isEmpty())
            venue.sections.append(std::move(section));
    }
    venue.rebuildSeatIndex();
    return venue;
}

} // namespace boxoffice::core
