#include "venuelayoutchecks.h"

#include "geometry.h"

#include <QHash>

#include <cmath>

namespace boxoffice::core {

namespace {

QString seatPath(SeatRef ref)
{
    return u"$.sections[" + QString::number(ref.section) + u"].rows[" + QString::number(ref.row)
           + u"].seats[" + QString::number(ref.seat) + u']';
}

/// Grid cell of a point; cells are kMinSeatDistance wide so neighbours are in the 3x3 block.
quint64 cellKey(qint64 x, qint64 y)
{
    return (quint64(quint32(qint32(x))) << 32) | quint32(qint32(y));
}

void checkOverlaps(const Venue &venue, IssueList &issues)
{
    const double cell = VenueLayoutChecks::kMinSeatDistance;
    QHash<quint64, QList<SeatRef>> grid;
    grid.reserve(venue.seatCount());
    venue.forEachSeat([&](const Section &, const Row &, const Seat &seat, SeatRef ref) {
        const QPointF p = seat.position;
        if (!std::isfinite(p.x()) || !std::isfinite(p.y()) || qAbs(p.x()) > 1e6 || qAbs(p.y()) > 1e6)
            return;
        const qint64 cx = qint64(std::floor(p.x() / cell));
        const qint64 cy = qint64(std::floor(p.y() / cell));
        for (qint64 dx = -1; dx <= 1; ++dx) {
            for (qint64 dy = -1; dy <= 1; ++dy) {
                const auto it = grid.constFind(cellKey(cx + dx, cy + dy));
                if (it == grid.constEnd())
                    continue;
                for (const SeatRef other : it.value()) {
                    const QPointF d = venue.seat(other).position - p;
                    if (std::hypot(d.x(), d.y()) < cell) {
                        issues.error(seatPath(ref) + u".x",
                                     QStringLiteral("seat \"%1\" overlaps seat \"%2\"")
                                         .arg(seat.id.left(80), venue.seat(other).id.left(80)));
                        return;
                    }
                }
            }
        }
        grid[cellKey(cx, cy)].append(ref);
    });
}

} // namespace

void VenueLayoutChecks::check(const Venue &venue, IssueList &issues)
{
    // Positions of a venue that already has errors may be defaults (0, 0) for unreadable values;
    // "outside its section" would then only repeat those errors.
    const bool hadErrors = issues.hasErrors();
    checkOverlaps(venue, issues);
    venue.forEachSeat([&](const Section &section, const Row &, const Seat &seat, SeatRef ref) {
        if (seat.categoryId.isEmpty())
            issues.errorOnce(seatPath(ref) + u".category", QStringLiteral("seat has no category"));
        if (!hadErrors && section.outline.size() >= 3
            && !geometry::contains(section.outline, seat.position))
            issues.warning(seatPath(ref),
                           QStringLiteral("seat \"%1\" is outside the outline of section \"%2\"")
                               .arg(seat.id.left(80), section.id.left(80)));
    });
    for (qsizetype i = 0; i < venue.gaAreas.size(); ++i) {
        if (venue.gaAreas.at(i).capacity == 0)
            issues.errorOnce(u"$.ga_areas[" + QString::number(i) + u"].capacity",
                             QStringLiteral("GA area has no capacity"));
    }
}

} // namespace boxoffice::core
