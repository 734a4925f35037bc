// SPDX-License-Identifier: GPL-3.0-or-later
#include "pretixexporter.h"

#include "pretixgeometry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace boxoffice::core {

namespace {

QJsonObject point(QPointF p)
{
    return QJsonObject{{QStringLiteral("x"), p.x()}, {QStringLiteral("y"), p.y()}};
}

QString colourName(const QColor &colour)
{
    return colour.name(colour.alpha() == 255 ? QColor::HexRgb : QColor::HexArgb);
}

QJsonObject areaObject(const pretix::Area &area)
{
    QJsonObject object{{QStringLiteral("shape"), area.shape},
                       {QStringLiteral("position"), point(area.position)}};
    if (!area.uuid.isEmpty())
        object.insert(QStringLiteral("uuid"), area.uuid);
    if (area.rotation != 0)
        object.insert(QStringLiteral("rotation"), area.rotation);
    if (area.fill.isValid())
        object.insert(QStringLiteral("color"), colourName(area.fill));
    if (area.stroke.isValid())
        object.insert(QStringLiteral("border_color"), colourName(area.stroke));
    if (area.shape == u"rectangle") {
        object.insert(area.shape,
                      QJsonObject{{QStringLiteral("width"), area.size.width()},
                                  {QStringLiteral("height"), area.size.height()}});
    } else if (area.shape == u"ellipse") {
        object.insert(area.shape,
                      QJsonObject{{QStringLiteral("radius"),
                                   point(QPointF(area.size.width(), area.size.height()))}});
    } else if (area.shape == u"polygon") {
        QJsonArray points;
        for (const QPointF &p : area.points)
            points.append(point(p));
        object.insert(area.shape, QJsonObject{{QStringLiteral("points"), points}});
    } else if (area.shape == u"text") {
        QJsonObject text{{QStringLiteral("text"), area.text},
                         {QStringLiteral("size"), area.textSize},
                         {QStringLiteral("position"), point(area.textOffset)}};
        if (area.textColour.isValid())
            text.insert(QStringLiteral("color"), colourName(area.textColour));
        object.insert(area.shape, text);
    }
    return object;
}

} // namespace

QByteArray PretixExporter::write(const Venue &venue, QStringList *losses)
{
    QStringList dropped;
    QJsonArray categories;
    for (const Category &category : venue.categories) {
        categories.append(QJsonObject{{QStringLiteral("name"), category.id},
                                      {QStringLiteral("color"), colourName(category.colour)}});
        if (category.name != category.id)
            dropped.append(QStringLiteral("category name \"%1\"").arg(category.name));
    }

    QJsonArray zones;
    int flagged = 0;
    for (const Section &section : venue.sections) {
        QJsonArray rows;
        for (const Row &row : section.rows) {
            QJsonArray seats;
            for (const Seat &seat : row.seats) {
                seats.append(QJsonObject{{QStringLiteral("seat_guid"), seat.id},
                                         {QStringLiteral("seat_number"), seat.number},
                                         {QStringLiteral("position"), point(seat.position)},
                                         {QStringLiteral("category"), seat.categoryId}});
                if (seat.flags)
                    ++flagged;
            }
            QJsonObject rowObject{{QStringLiteral("row_number"), row.id},
                                  {QStringLiteral("seats"), seats}};
            if (row.label != row.id)
                rowObject.insert(QStringLiteral("row_label"), row.label);
            rows.append(rowObject);
        }
        zones.append(QJsonObject{{QStringLiteral("name"), section.name},
                                 {QStringLiteral("zone_id"), section.id},
                                 {QStringLiteral("position"), point(QPointF())},
                                 {QStringLiteral("rows"), rows},
                                 {QStringLiteral("areas"), QJsonArray()}});
        if (!section.outline.isEmpty())
            dropped.append(QStringLiteral("outline of section \"%1\"").arg(section.id));
    }
    if (flagged > 0)
        dropped.append(QStringLiteral("flags of %1 seats").arg(flagged));
    for (const GaArea &area : venue.gaAreas)
        dropped.append(QStringLiteral("GA area \"%1\"").arg(area.id));

    if (!venue.shapes.isEmpty()) {
        if (zones.isEmpty()) {
            zones.append(QJsonObject{{QStringLiteral("name"), QStringLiteral("Shapes")},
                                     {QStringLiteral("zone_id"), QStringLiteral("shapes")},
                                     {QStringLiteral("position"), point(QPointF())},
                                     {QStringLiteral("rows"), QJsonArray()}});
        }
        QJsonArray areas;
        for (const Shape &shape : venue.shapes) {
            areas.append(areaObject(pretix::fromShape(shape)));
            if (shape.kind == Shape::Kind::Stage)
                dropped.append(QStringLiteral("stage kind of shape \"%1\"").arg(shape.id));
        }
        QJsonObject first = zones.first().toObject();
        first.insert(QStringLiteral("areas"), areas);
        zones.replace(0, first);
    }
    if (venue.focalPoint != pretix::defaultFocalPoint(venue))
        dropped.append(QStringLiteral("focal point"));

    const QJsonObject plan{{QStringLiteral("name"), venue.name},
                           {QStringLiteral("size"),
                            QJsonObject{{QStringLiteral("width"), qRound(venue.size.width())},
                                        {QStringLiteral("height"), qRound(venue.size.height())}}},
                           {QStringLiteral("categories"), categories},
                           {QStringLiteral("zones"), zones}};
    if (losses)
        *losses = dropped;
    return QJsonDocument(plan).toJson(QJsonDocument::Indented);
}

} // namespace boxoffice::core
