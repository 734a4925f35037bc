// SPDX-License-Identifier: GPL-3.0-or-later
#include "svgexporter.h"

#include <core/geometry.h>

#include <QHash>

#include <cmath>

namespace boxoffice::editor {

namespace {

QString num(double value)
{
    return QString::number(std::isfinite(value) ? value : 0, 'g', 10);
}

QString escaped(const QString &text)
{
    return text.toHtmlEscaped();
}

QString colour(const QColor &c, const QString &fallback = QStringLiteral("none"))
{
    return c.isValid() ? c.name() : fallback;
}

QString points(const QPolygonF &polygon)
{
    QStringList list;
    for (const QPointF &p : polygon)
        list.append(num(p.x()) + u',' + num(p.y()));
    return list.join(u' ');
}

} // namespace

QByteArray SvgExporter::write(const core::Venue &venue)
{
    QRectF bounds = core::geometry::boundingRect(venue) | QRectF(QPointF(0, 0), venue.size);
    bounds.adjust(-50, -50, 50, 50);
    QHash<QString, QString> colours;
    for (const core::Category &category : venue.categories)
        colours.insert(category.id, colour(category.colour, QStringLiteral("#9e9e9e")));

    QString out;
    out += QStringLiteral("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out += QStringLiteral("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"%1 %2 %3 %4\" "
                          "width=\"%5\" height=\"%6\">\n")
               .arg(num(bounds.x()),
                    num(bounds.y()),
                    num(bounds.width()),
                    num(bounds.height()),
                    num(std::ceil(bounds.width() / 10)),
                    num(std::ceil(bounds.height() / 10)));
    out += u"<title>" + escaped(venue.name) + u"</title>\n";
    out += QStringLiteral("<rect x=\"0\" y=\"0\" width=\"%1\" height=\"%2\" fill=\"#ffffff\" "
                          "stroke=\"#b0b5bc\"/>\n")
               .arg(num(venue.size.width()), num(venue.size.height()));
    for (const core::Shape &shape : venue.shapes) {
        const QString fill = colour(shape.fill);
        const QString stroke = colour(shape.stroke);
        const QPointF c = shape.rect.center();
        const QString rotate = qFuzzyIsNull(shape.rotation)
                                   ? QString()
                                   : QStringLiteral(" transform=\"rotate(%1 %2 %3)\"")
                                         .arg(num(shape.rotation), num(c.x()), num(c.y()));
        switch (shape.kind) {
        case core::Shape::Kind::Polygon:
            out += QStringLiteral("<polygon points=\"%1\" fill=\"%2\" stroke=\"%3\"/>\n")
                       .arg(points(shape.points), fill, stroke);
            break;
        case core::Shape::Kind::Ellipse:
            out += QStringLiteral("<ellipse cx=\"%1\" cy=\"%2\" rx=\"%3\" ry=\"%4\" fill=\"%5\" "
                                  "stroke=\"%6\"%7/>\n")
                       .arg(num(c.x()),
                            num(c.y()),
                            num(shape.rect.width() / 2),
                            num(shape.rect.height() / 2),
                            fill,
                            stroke,
                            rotate);
            break;
        case core::Shape::Kind::Text:
            out += QStringLiteral("<text x=\"%1\" y=\"%2\" font-size=\"%3\" fill=\"%4\" "
                                  "dominant-baseline=\"hanging\" font-family=\"sans-serif\">%5"
                                  "</text>\n")
                       .arg(num(shape.rect.x()),
                            num(shape.rect.y()),
                            num(shape.fontSize),
                            colour(shape.fill, QStringLiteral("#000000")),
                            escaped(shape.text));
            break;
        default:
            out += QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\" "
                                  "fill=\"%5\" stroke=\"%6\"%7/>\n")
                       .arg(num(shape.rect.x()),
                            num(shape.rect.y()),
                            num(shape.rect.width()),
                            num(shape.rect.height()),
                            fill,
                            stroke,
                            rotate);
            if (shape.kind == core::Shape::Kind::Stage && !shape.text.isEmpty())
                out += QStringLiteral("<text x=\"%1\" y=\"%2\" font-size=\"%3\" fill=\"#ffffff\" "
                                      "text-anchor=\"middle\" dominant-baseline=\"middle\" "
                                      "font-family=\"sans-serif\">%4</text>\n")
                           .arg(num(c.x()),
                                num(c.y()),
                                num(shape.rect.height() * 0.35),
                                escaped(shape.text));
            break;
        }
    }
    for (const core::GaArea &area : venue.gaAreas) {
        const QRectF r = area.outline.boundingRect();
        out += QStringLiteral(
                   "<g id=\"%1\"><polygon points=\"%2\" fill=\"%3\" fill-opacity=\"0.3\" "
                   "stroke=\"#555555\" stroke-dasharray=\"20 10\"/>"
                   "<text x=\"%4\" y=\"%5\" text-anchor=\"middle\" font-size=\"%6\" "
                   "font-family=\"sans-serif\">%7 (%8)</text></g>\n")
                   .arg(escaped(area.id),
                        points(area.outline),
                        colours.value(area.categoryId, QStringLiteral("#9e9e9e")),
                        num(r.center().x()),
                        num(r.center().y()),
                        num(qMin(r.height() * 0.15, 100.0)),
                        escaped(area.name),
                        QString::number(area.capacity));
    }
    for (const core::Section &section : venue.sections) {
        out += u"<g id=\"" + escaped(section.id) + u"\">";
        if (section.outline.size() >= 3)
            out += QStringLiteral("<polygon points=\"%1\" fill=\"#f4f6f8\" stroke=\"#90a4ae\"/>")
                       .arg(points(section.outline));
        for (const core::Row &row : section.rows) {
            for (const core::Seat &seat : row.seats) {
                out += QStringLiteral(
                           "<circle id=\"%1\" cx=\"%2\" cy=\"%3\" r=\"20\" fill=\"%4\"/>")
                           .arg(escaped(seat.id),
                                num(seat.position.x()),
                                num(seat.position.y()),
                                colours.value(seat.categoryId, QStringLiteral("#9e9e9e")));
            }
            if (!row.seats.isEmpty())
                out += QStringLiteral(
                           "<text x=\"%1\" y=\"%2\" font-size=\"24\" text-anchor=\"end\" "
                           "dominant-baseline=\"middle\" font-family=\"sans-serif\">%3"
                           "</text>")
                           .arg(num(row.seats.first().position.x() - 35),
                                num(row.seats.first().position.y()),
                                escaped(row.label));
        }
        out += QStringLiteral("</g>\n");
    }
    out += QStringLiteral("</svg>\n");
    return out.toUtf8();
}

} // namespace boxoffice::editor
