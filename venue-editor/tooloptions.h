// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/numbering.h>

#include <QObject>
#include <QPointF>

namespace boxoffice::editor {

/// The settings the drawing tools read (edited in the tool options bar).
class ToolOptions : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    int seatCount = 20;      ///< seats per row; 0 = as many as fit the drag
    double seatSpacing = 55; ///< centre to centre, venue units
    core::NumberingScheme scheme = core::NumberingScheme::LeftToRight;
    int startNumber = 1;
    QString rowLabel; ///< first row label; empty = next in the section
    core::RowLabelStyle labelStyle = core::RowLabelStyle::Letters;
    QString skipLetters = QStringLiteral("IO");
    int rowCount = 5; ///< rows in a block
    double rowSpacing = 90;
    bool stagger = false; ///< shift every other row of a block by half a seat
    int capacity = 500;   ///< new GA areas
    QString text = QStringLiteral("Text");
    QString categoryId; ///< category of new seats and GA areas
    double gridSize = 50;
    bool snapToGrid = true;
    bool snapToSeats = true; ///< line up with other seats (see snapPoint())

    /// `point` snapped to the grid when snapping is on.
    QPointF snap(QPointF point) const;
    /// Tells the bar and the scene that something changed.
    void notify() { Q_EMIT changed(); }

Q_SIGNALS:
    void changed();
};

} // namespace boxoffice::editor
