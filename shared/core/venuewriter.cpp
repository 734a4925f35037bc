// SPDX-License-Identifier: GPL-3.0-or-later
#include "venuewriter.h"

#include "jsonwriter.h"

#include <QSaveFile>

#include <cmath>

namespace boxoffice::core {

namespace {

using jsonwriter::string;

QByteArray num(double value)
{
    return jsonwriter::number(std::isfinite(value) ? value : 0.0);
}

QByteArray key(const char *name)
{
    return QByteArray("\"") + name + "\": ";
}

QByteArray polygon(const QPolygonF &points)
{
    QByteArray out = "[";
    for (qsizetype i = 0; i < points.size(); ++i) {
        if (i > 0)
            out += ", ";
        out += '[' + num(points.at(i).x()) + ", " + num(points.at(i).y()) + ']';
    }
    return out + ']';
}

QByteArray seatLine(const Seat &seat)
{
    QByteArray out = "{" + key("id") + string(seat.id) + ", " + key("number") + string(seat.number)
                     + ", " + key("x") + num(seat.position.x()) + ", " + key("y")
                     + num(seat.position.y()) + ", " + key("category") + string(seat.categoryId);
    if (seat.flags) {
        out += ", " + key("flags") + '[';
        bool first = true;
        for (SeatFlag flag : kAllSeatFlags) {
            if (!seat.flags.testFlag(flag))
                continue;
            if (!first)
                out += ", ";
            first = false;
            out += string(QString(seatFlagName(flag)));
        }
        out += ']';
    }
    return out + '}';
}

QByteArray shapeLine(const Shape &shape)
{
    QByteArray out = "{" + key("kind") + string(shapeKindName(shape.kind));
    if (!shape.id.isEmpty())
        out += ", " + key("id") + string(shape.id);
    switch (shape.kind) {
    case Shape::Kind::Polygon:
        out += ", " + key("points") + polygon(shape.points);
        break;
    case Shape::Kind::Text:
        out += ", " + key("x") + num(shape.rect.x()) + ", " + key("y") + num(shape.rect.y()) + ", "
               + key("text") + string(shape.text) + ", " + key("font_size") + num(shape.fontSize);
        break;
    case Shape::Kind::Stage:
    case Shape::Kind::Rectangle:
    case Shape::Kind::Ellipse:
        out += ", " + key("x") + num(shape.rect.x()) + ", " + key("y") + num(shape.rect.y()) + ", "
               + key("width") + num(shape.rect.width()) + ", " + key("height")
               + num(shape.rect.height());
        if (!shape.text.isEmpty())
            out += ", " + key("text") + string(shape.text);
        break;
    }
    if (shape.rotation != 0 && shape.kind != Shape::Kind::Polygon)
        out += ", " + key("rotation") + num(shape.rotation);
    if (shape.fill.isValid())
        out += ", " + key("fill") + jsonwriter::colour(shape.fill);
    if (shape.stroke.isValid() && shape.kind != Shape::Kind::Text)
        out += ", " + key("stroke") + jsonwriter::colour(shape.stroke);
    return out + '}';
}

/// Writes `items` as a JSON array, one element per line at `indent`, using `line(item)`.
template<typename T, typename F>
void writeArray(QByteArray &out, const QList<T> &items, const QByteArray &indent, F line)
{
    if (items.isEmpty()) {
        out += "[]";
        return;
    }
    out += "[\n";
    for (qsizetype i = 0; i < items.size(); ++i) {
        out += indent + "  ";
        line(items.at(i));
        out += i + 1 < items.size() ? ",\n" : "\n";
    }
    out += indent + ']';
}

} // namespace

QByteArray VenueWriter::write(const Venue &venue)
{
    QByteArray out;
    out.reserve(200 + venue.seatCount() * 100);
    out += "{\n  " + key("format") + "\"boxoffice-venue\",\n  " + key("version") + "1,\n  "
           + key("id") + string(venue.id) + ",\n  " + key("name") + string(venue.name) + ",\n  "
           + key("size") + "{" + key("width") + num(venue.size.width()) + ", " + key("height")
           + num(venue.size.height()) + "},\n  " + key("focal_point") + "{" + key("x")
           + num(venue.focalPoint.x()) + ", " + key("y") + num(venue.focalPoint.y()) + "},\n  ";
    if (!venue.timeZone.isEmpty())
        out += key("time_zone") + string(venue.timeZone) + ",\n  ";
    out += key("categories");
    writeArray(out, venue.categories, "  ", [&out](const Category &category) {
        out += "{" + key("id") + string(category.id) + ", " + key("name") + string(category.name)
               + ", " + key("color") + jsonwriter::colour(category.colour) + "}";
    });
    out += ",\n  " + key("sections");
    writeArray(out, venue.sections, "  ", [&out](const Section &section) {
        out += "{\n      " + key("id") + string(section.id) + ",\n      " + key("name")
               + string(section.name) + ",\n      " + key("outline") + polygon(section.outline)
               + ",\n      " + key("rows");
        writeArray(out, section.rows, "      ", [&out](const Row &row) {
            out += "{\n          " + key("id") + string(row.id) + ",\n          " + key("label")
                   + string(row.label) + ",\n          " + key("seats");
            writeArray(out, row.seats, "          ", [&out](const Seat &seat) {
                out += seatLine(seat);
            });
            out += "\n        }";
        });
        out += "\n    }";
    });
    out += ",\n  " + key("ga_areas");
    writeArray(out, venue.gaAreas, "  ", [&out](const GaArea &area) {
        out += "{" + key("id") + string(area.id) + ", " + key("name") + string(area.name) + ", "
               + key("outline") + polygon(area.outline) + ", " + key("capacity")
               + QByteArray::number(area.capacity) + ", " + key("category")
               + string(area.categoryId) + "}";
    });
    out += ",\n  " + key("shapes");
    writeArray(out, venue.shapes, "  ", [&out](const Shape &shape) { out += shapeLine(shape); });
    out += "\n}\n";
    return out;
}

bool VenueWriter::writeFile(const Venue &venue, const QString &path, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = file.errorString();
        return false;
    }
    file.write(write(venue));
    if (!file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}

} // namespace boxoffice::core
