// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/category.h>
#include <core/gaarea.h>
#include <core/section.h>
#include <core/shape.h>

#include <QHash>
#include <QSizeF>

#include <functional>
#include <optional>

namespace boxoffice::core {

/// Where a seat lives: indices into Venue::sections, Section::rows and Row::seats.
struct SeatRef
{
    int section = -1;
    int row = -1;
    int seat = -1;

    bool operator==(const SeatRef &) const = default;
};

/// Lets SeatRef live in QSet/QHash (e.g. an editor's selection).
inline size_t qHash(SeatRef ref, size_t seed = 0) noexcept
{
    return qHashMulti(seed, ref.section, ref.row, ref.seat);
}

/// A venue plan: plain value type, cheap to copy (implicitly shared lists).
///
/// The seat index behind findSeat() is rebuilt explicitly (rebuildSeatIndex()); a stale or
/// missing index is never wrong, only slower: findSeat() verifies each hit and falls back to a scan.
struct Venue
{
    QString id;
    QString name;
    QSizeF size{0, 0};  ///< extent of the plan in venue units (1 unit = 1 cm by convention)
    QPointF focalPoint; ///< what the audience looks at (stage centre); used by best-available
    QString timeZone;   ///< IANA zone of the venue ("Europe/Madrid"); empty = the server's default
    QList<Category> categories;
    QList<Section> sections;
    QList<GaArea> gaAreas;
    QList<Shape> shapes;

    /// Number of seats in all sections and rows.
    qsizetype seatCount() const;
    /// Sum of the GA areas' capacities.
    qint64 gaCapacity() const;

    /// The seat at `ref`; `ref` must be valid (see isValid()).
    const Seat &seat(SeatRef ref) const;
    Seat &seat(SeatRef ref);
    /// True when `ref` points at an existing seat.
    bool isValid(SeatRef ref) const;

    /// Rebuilds the id -> SeatRef index (call after adding, removing or renaming seats).
    void rebuildSeatIndex();
    /// Finds a seat by id; uses the index when it is up to date, otherwise scans.
    std::optional<SeatRef> findSeat(QStringView seatId) const;

    /// The category with `id`, or nullptr.
    const Category *findCategory(QStringView categoryId) const;
    /// Index of the section with `id`, or -1.
    int findSection(QStringView sectionId) const;
    /// The GA area with `id`, or nullptr.
    const GaArea *findGaArea(QStringView gaId) const;

    /// Calls `visit(section, row, seat, ref)` for every seat in file order.
    void forEachSeat(
        const std::function<void(const Section &, const Row &, const Seat &, SeatRef)> &visit) const;

    /// Compares the plan data; the seat index is ignored.
    bool operator==(const Venue &other) const;

private:
    QHash<QString, SeatRef> m_seatIndex;
};

} // namespace boxoffice::core
