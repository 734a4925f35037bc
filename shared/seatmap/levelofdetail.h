// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace boxoffice::seatmap {

/// What the seat map draws, chosen from how big a seat is on screen.
enum class Detail {
    Sections, ///< each section as one filled shape with its name; no seats
    Dots,     ///< seats as square dots, one drawPoints per colour
    Seats,    ///< seats as round stamps (pre-rendered per colour and size), row labels
    Numbers,  ///< seats with their numbers
};

/// The thresholds of the levels of detail, in screen pixels of a seat's radius, and the pixel
/// sizes of the texts drawn at each level (always whole pixels, so glyph caches stay warm).
namespace levelofdetail {

/// Below this radius seats are noise: sections are drawn as shapes.
constexpr double kSeatsFrom = 1.2;
/// From here seats are round (antialiased stamps) instead of square dots.
constexpr double kRoundFrom = 2.0;
/// From here seats get a dark outline (and selected ones an orange ring).
constexpr double kOutlineFrom = 3.5;
/// From here rows are labelled.
constexpr double kRowLabelsFrom = 4.0;
/// From here seats show their numbers.
constexpr double kNumbersFrom = 9.0;
/// Above this radius seats are drawn as vector circles: few are visible, stamps would be big.
constexpr double kStampsUpTo = 48.0;

/// The level of detail for a seat radius of `pixels` on screen.
Detail detailFor(double pixels);
/// Whether row labels are drawn at `pixels`.
bool rowLabels(double pixels);
/// The stamp radius for `pixels`: quantised to 1/8 pixel, so a zoom step re-renders few stamps.
double stampRadius(double pixels);
/// Pixel size of the seat numbers for a seat radius of `pixels` (0 = none).
int numberPixelSize(double pixels);
/// Pixel size of the row labels: 1.1 seat radii, at least 10 pixels, at most 200.
int rowLabelPixelSize(double pixels);

} // namespace levelofdetail
} // namespace boxoffice::seatmap
