// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/venue.h>

namespace boxoffice::core {

/// Builds venues in code: the sample venues in resources/venues/ and large venues for tests and
/// benchmarks. Deterministic: the same call always gives the same venue.
class VenueGenerator
{
public:
    /// ~500 seats: straight stalls rows with a centre aisle and a balcony of arc rows, two
    /// categories, a stage and the focal point at the stage centre.
    static Venue smallTheatre();
    /// A general-admission floor with a capacity, seated sections on three sides (straight and
    /// curved rows) and some wheelchair and companion seats.
    static Venue arena();
    /// A plain venue with `seatCount` seats in sections of 2,000 (50 rows of 40), two categories.
    static Venue large(int seatCount);

    /// A row with seats at `positions` (rounded to 0.01 units), numbered by `numbers` (same length); seat ids are
    /// "<idPrefix>-<row label>-<number>".
    static Row makeRow(const QString &idPrefix,
                       const QString &label,
                       const QList<QPointF> &positions,
                       const QList<int> &numbers,
                       const QString &categoryId);
};

} // namespace boxoffice::core
