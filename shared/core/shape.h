// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QPolygonF>
#include <QRectF>
#include <QString>

namespace boxoffice::core {

/// A decorative shape of the venue plan (not sold).
struct Shape
{
    enum class Kind : quint8 { Stage, Text, Polygon, Rectangle, Ellipse };

    Kind kind = Kind::Rectangle;
    QString id;           ///< optional, for editors and imports
    QRectF rect;          ///< Stage, Rectangle, Ellipse: bounds; Text: topLeft() is the anchor
    QPolygonF points;     ///< Polygon only (absolute coordinates)
    QString text;         ///< Text: the text; Stage: an optional caption
    double fontSize = 16; ///< Text only, in venue units
    double rotation = 0;  ///< degrees clockwise around rect's centre (Text: around the anchor)
    QColor fill;          ///< invalid = no fill (Text: the text colour)
    QColor stroke;        ///< invalid = no outline

    bool operator==(const Shape &) const = default;
};

/// The file-format name of `kind` ("stage", "text", "polygon", "rectangle", "ellipse").
QString shapeKindName(Shape::Kind kind);
/// Parses a file-format kind name; false when unknown.
bool shapeKindFromName(QStringView name, Shape::Kind *kind);

} // namespace boxoffice::core
