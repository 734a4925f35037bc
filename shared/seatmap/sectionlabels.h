// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/section.h>

#include <QFont>
#include <QList>
#include <QPointF>
#include <QRgb>
#include <QStaticText>

#include <functional>

class QPainter;
class QTransform;

namespace boxoffice::seatmap {

class SeatStamps;

/// The texts a seated section shows on the map (its name, row labels, seat numbers). They are
/// drawn in screen pixels at whole pixel sizes and laid out once (QStaticText), so zooming never
/// lays fonts out at odd sizes; under a rotated or skewed view they fall back to scene units.
namespace sectionlabels {

/// Scale and translation only, the same scale on both axes (both apps' views only ever zoom
/// and pan): where stamps and screen-space texts keep their shape.
bool isUniformScale(const QTransform &t);
/// Black or white, whichever reads on `fill`.
QColor textColourOn(QRgb fill);

/// One seat to number: where it is and what it is filled with.
struct NumberedSeat
{
    QPointF position;
    QString number;
    QRgb fill;
};

/// Seat numbers inside seats of `radius` (`pixels` on screen).
void paintSeatNumbers(QPainter *painter,
                      const QList<NumberedSeat> &seats,
                      double radius,
                      double pixels,
                      SeatStamps *stamps);
/// Row labels before the first seat of each row, where they meet `exposed`.
void paintRowLabels(QPainter *painter,
                    const core::Section &section,
                    const QRectF &exposed,
                    double radius,
                    double pixels,
                    double lod,
                    SeatStamps *stamps);

} // namespace sectionlabels

/// A section's name, or its id where the name does not fit, 12 pixels high at any zoom: what
/// the map shows of a section when it is too far for seats.
class SectionName
{
public:
    /// Lay the texts out again at the next paint (the section was renamed).
    void reset() { m_font = QFont(); }
    /// Centred on `centre` (scene units) when it fits `room` wide and `height` high (scene units).
    void paint(QPainter *painter,
               const core::Section &section,
               QPointF centre,
               double room,
               double height,
               double lod);

private:
    QStaticText m_name;
    QStaticText m_id;
    QFont m_font; ///< the font the texts were laid out in
};

} // namespace boxoffice::seatmap
