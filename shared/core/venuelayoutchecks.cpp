// SPDX-License-Identifier: GPL-3.0-or-later
#include "venuelayoutchecks.h"

#include "geometry.h"

#include <algorithm>
#include <vector>

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

struct Cell
{
    quint64 key;
    SeatRef ref;
    QPointF position;
};

void checkOverlaps(const Venue &venue, IssueList &issues)
{
    // Seats sorted by grid cell: a flat vector and binary searches, no per-cell allocations
    // (this runs after every edit of a 60,000-seat venue).
    const double cell = VenueLayoutChecks::kMinSeatDistance;
    std::vector<Cell> cells;
    cells.reserve(size_t(venue.seatCount()));
    venue.forEachSeat([&](const Section &, const Row &, const Seat &seat, SeatRef ref) {
        const QPointF p = seat.position;
        if (!std::isfinite(p.x()) || !std::isfinite(p.y()) || qAbs(p.x()) > 1e6 || qAbs(p.y()) > 1e6)
            return;
        cells.push_back(
            {cellKey(qint64(std::floor(p.x() / cell)), qint64(std::floor(p.y() / cell))), ref, p});
    });
    std::vector<size_t> order(cells.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return cells[a].key < cells[b].key || (cells[a].key == cells[b].key && a < b);
    });
    std::vector<quint64> keys(order.size());
    for (size_t i = 0; i < order.size(); ++i)
        keys[i] = cells[order[i]].key;
    // Report each seat against an earlier one (file order), once.
    for (size_t i = 0; i < cells.size(); ++i) {
        const Cell &c = cells[i];
        const qint64 cx = qint32(quint32(c.key >> 32));
        const qint64 cy = qint32(quint32(c.key));
        bool reported = false;
        for (qint64 dx = -1; dx <= 1 && !reported; ++dx) {
            for (qint64 dy = -1; dy <= 1 && !reported; ++dy) {
                const quint64 key = cellKey(cx + dx, cy + dy);
                auto it = std::lower_bound(keys.begin(), keys.end(), key);
                for (; it != keys.end() && *it == key; ++it) {
                    const size_t j = order[size_t(it - keys.begin())];
                    if (j >= i)
                        continue;
                    const QPointF d = cells[j].position - c.position;
                    if (std::hypot(d.x(), d.y()) < cell) {
                        issues.error(seatPath(c.ref) + u".x",
                                     QStringLiteral("seat \"%1\" overlaps seat \"%2\"")
                                         .arg(venue.seat(c.ref).id.left(80),
                                              venue.seat(cells[j].ref).id.left(80)));
                        reported = true;
                        break;
                    }
                }
            }
        }
    }
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
