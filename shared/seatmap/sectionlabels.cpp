// SPDX-License-Identifier: GPL-3.0-or-later
#include "sectionlabels.h"

#include "levelofdetail.h"
#include "seatstamps.h"

#include <QFontMetricsF>
#include <QPainter>

#include <cmath>

namespace boxoffice::seatmap {

namespace sectionlabels {

bool isUniformScale(const QTransform &t)
{
    return t.type() <= QTransform::TxScale && qFuzzyCompare(qAbs(t.m11()), qAbs(t.m22()));
}

QColor textColourOn(QRgb fill)
{
    return qGray(fill) < 140 ? QColor(Qt::white) : QColor(Qt::black);
}

void paintSeatNumbers(QPainter *painter,
                      const QList<NumberedSeat> &seats,
                      double radius,
                      double pixels,
                      SeatStamps *stamps)
{
    if (seats.isEmpty())
        return;
    const QTransform world = painter->worldTransform();
    if (!isUniformScale(world) || !stamps) {
        // Rotated or skewed view: plain text in scene units.
        QFont font = painter->font();
        font.setBold(false);
        font.setPixelSize(qMax(1, int(radius * 0.95)));
        painter->setFont(font);
        for (const NumberedSeat &seat : seats) {
            const QPointF p = seat.position;
            painter->setPen(textColourOn(seat.fill));
            painter->drawText(QRectF(p.x() - radius, p.y() - radius, 2 * radius, 2 * radius),
                              Qt::AlignCenter,
                              seat.number);
        }
        return;
    }
    // Whole-pixel font sizes in screen space: digits are rasterised once per size and every
    // number is laid out once (QStaticText), not at every frame.
    QFont font = painter->font();
    font.setBold(false); // the painter state is shared: the last section's row labels were bold
    font.setPixelSize(levelofdetail::numberPixelSize(pixels));
    painter->setWorldTransform(QTransform());
    painter->setFont(font);
    QColor pen;
    for (const NumberedSeat &seat : seats) {
        const QStaticText &text = stamps->text(seat.number, font);
        const QColor colour = textColourOn(seat.fill);
        if (colour != pen) {
            painter->setPen(colour);
            pen = colour;
        }
        const QSizeF size = text.size();
        painter->drawStaticText(world.map(seat.position) - QPointF(size.width(), size.height()) / 2,
                                text);
    }
    painter->setWorldTransform(world);
}

void paintRowLabels(QPainter *painter,
                    const core::Section &section,
                    const QRectF &exposed,
                    double radius,
                    double pixels,
                    double lod,
                    SeatStamps *stamps)
{
    const QTransform world = painter->worldTransform();
    const bool screen = isUniformScale(world) && stamps;
    QFont font = painter->font();
    font.setBold(true);
    // At least 10 screen pixels high, so labels stay readable before seats get big.
    const int pixelSize = levelofdetail::rowLabelPixelSize(pixels);
    font.setPixelSize(screen ? pixelSize : qMax(1, int(pixelSize / lod)));
    const QFontMetricsF metrics(font);
    const double unit = screen ? 1 / lod : 1; // scene units per font unit
    painter->setPen(QColor(0x33, 0x33, 0x33));
    painter->setFont(font);
    for (const core::Row &row : section.rows) {
        if (row.seats.isEmpty() || row.label.isEmpty())
            continue;
        const QPointF first = row.seats.first().position;
        QPointF direction(-1, 0);
        if (row.seats.size() > 1) {
            const QPointF d = row.seats.at(0).position - row.seats.at(1).position;
            const double length = std::hypot(d.x(), d.y());
            if (length > 0)
                direction = d / length;
        }
        // The label sits before the first seat and extends away from the row, however long.
        const double width = metrics.horizontalAdvance(row.label) * unit;
        const double height = metrics.height() * unit;
        const double along = qAbs(direction.x()) * width + qAbs(direction.y()) * height;
        const QPointF centre = first + direction * (radius * 1.5 + along / 2);
        const QRectF box(centre.x() - width / 2, centre.y() - height / 2, width, height);
        if (!exposed.intersects(box))
            continue;
        if (!screen) {
            painter->drawText(box.adjusted(-1, 0, 1, 0), Qt::AlignCenter, row.label);
            continue;
        }
        const QStaticText &text = stamps->text(row.label, font);
        painter->setWorldTransform(QTransform());
        painter->drawStaticText(world.map(centre)
                                    - QPointF(text.size().width(), text.size().height()) / 2,
                                text);
        painter->setWorldTransform(world);
    }
}

} // namespace sectionlabels

void SectionName::paint(QPainter *painter,
                        const core::Section &section,
                        QPointF centre,
                        double room,
                        double height,
                        double lod)
{
    QFont font = painter->font();
    font.setBold(false);
    font.setPixelSize(12);
    if (font != m_font) {
        m_font = font;
        m_name = QStaticText(section.name);
        m_id = QStaticText(section.id);
        for (QStaticText *text : {&m_name, &m_id}) {
            text->setTextFormat(Qt::PlainText);
            text->prepare(QTransform(), font);
        }
    }
    if (QFontMetricsF(font).height() / lod > height)
        return;
    for (const QStaticText *text : {&m_name, &m_id}) {
        if (text->text().isEmpty() || text->size().width() / lod > room)
            continue;
        const QTransform world = painter->worldTransform();
        const QPointF screenCentre = world.map(centre);
        painter->setWorldTransform(QTransform());
        painter->setFont(font);
        painter->setPen(Qt::black);
        painter->drawStaticText(screenCentre
                                    - QPointF(text->size().width(), text->size().height()) / 2,
                                *text);
        painter->setWorldTransform(world);
        break;
    }
}

} // namespace boxoffice::seatmap
