// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace boxoffice::core {

/// How seat numbers run along a row, seats given in geometric order (first = leftmost).
enum class NumberingScheme : quint8 {
    LeftToRight,       ///< start, start+1, ...
    RightToLeft,       ///< ..., start+1, start
    OddEvenFromCentre, ///< odd numbers left of the centre, even right, both growing outwards
    EvenOddFromCentre, ///< even numbers left of the centre, odd right, both growing outwards
};

/// How row labels run.
enum class RowLabelStyle : quint8 {
    Letters, ///< A, B, ..., Z, AA, AB, ... without the skipped letters
    Numbers, ///< 1, 2, 3, ...
};

namespace numbering {

/// Numbers for `count` seats given from left to right, always start .. start + count - 1. For the
/// centre schemes the two seats at the centre get `start` and `start + 1`, and numbers grow by 2
/// outwards on each side; with an odd count the side of `start` has one seat more
/// (OddEven, 5 seats: 5 3 1 2 4; EvenOdd, 5 seats: 4 2 1 3 5).
QList<int> seatNumbers(int count, NumberingScheme scheme, int start = 1);
/// The same as text.
QStringList seatLabels(int count, NumberingScheme scheme, int start = 1);

/// The label of the row at `index` (0-based) in the sequence: Letters uses A-Z without the
/// letters in `skip` (case-insensitive), then two letters, and so on; Numbers gives index + 1.
QString rowLabel(int index, RowLabelStyle style, QStringView skip = u"IO");
/// `count` labels starting at sequence index `first`.
QStringList rowLabels(int count, RowLabelStyle style, int first = 0, QStringView skip = u"IO");

} // namespace numbering
} // namespace boxoffice::core
