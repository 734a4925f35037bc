// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/row.h>

namespace boxoffice::core {

/// Which seats of a row sit next to each other, for best-available and "keep together" checks.
///
/// Seats are ordered by their position along the row (projection on the row's main axis, which
/// runs left to right on screen; top to bottom for a vertical row), not by their order in the
/// file. Two consecutive seats are adjacent unless the gap between them is larger than
/// `gapFactor` times the row's typical (median) spacing, or both carry SeatFlag::Aisle (an aisle
/// runs between them). Works for straight rows and arcs up to a half circle.
class RowAdjacency
{
public:
    static constexpr double kDefaultGapFactor = 1.5;

    explicit RowAdjacency(const Row &row, double gapFactor = kDefaultGapFactor);

    /// Seat indices (into Row::seats) in order along the row.
    const QList<int> &order() const { return m_order; }
    /// Runs of adjacent seats, each in order along the row; together they hold every seat once.
    const QList<QList<int>> &blocks() const { return m_blocks; }
    /// Left neighbour of seat `seatIndex` if adjacent, else -1.
    int leftOf(int seatIndex) const;
    /// Right neighbour of seat `seatIndex` if adjacent, else -1.
    int rightOf(int seatIndex) const;
    /// True when the two seats are direct, adjacent neighbours.
    bool adjacent(int a, int b) const { return leftOf(a) == b || rightOf(a) == b; }

private:
    QList<int> m_order;
    QList<QList<int>> m_blocks;
    QList<int> m_left;  // by seat index
    QList<int> m_right; // by seat index
};

} // namespace boxoffice::core
