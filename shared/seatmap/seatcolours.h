// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QList>
#include <QRgb>

class QPainter;
class QPointF;

namespace boxoffice::seatmap {

/// A mark painted over a seat so that states never rely on colour alone (colour-blind clerks,
/// grey printouts): sold seats are crossed, seats held elsewhere carry a white ring.
enum class SeatMark { None, Cross, Ring };

/// Colours on a seat map that people must tell apart.
namespace SeatColours {

/// Perceptual distance (CIE76 delta E in L*a*b*) between two colours.
double distance(const QColor &a, const QColor &b);
/// `wanted` (category colours) adjusted so that no two of them, and none of them and any of
/// `reserved` (states, flags), are closer than `minDistance`: a colour too close is replaced by
/// the most distinct one of a fixed palette. Colours far enough apart are kept as they are.
QList<QColor> distinct(const QList<QColor> &wanted,
                       const QList<QColor> &reserved,
                       double minDistance = 25.0);

/// Registers the mark drawn on seats filled with `fill` (the app's state colours).
void setMark(QRgb fill, SeatMark mark);
SeatMark mark(QRgb fill);
/// Paints `mark` over a seat of radius `r` at `centre` (any coordinates the painter uses).
void paintMark(QPainter &painter, const QPointF &centre, double r, SeatMark mark);

} // namespace SeatColours

} // namespace boxoffice::seatmap
