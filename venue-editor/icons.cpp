// SPDX-License-Identifier: GPL-3.0-or-later
#include "icons.h"

#include <QPainter>
#include <QPainterPath>
#include <QPixmap>

#include <cmath>

namespace boxoffice::editor {

namespace {

const QColor kInk(0x37, 0x47, 0x4f);
const QColor kAccent(0x1e, 0x88, 0xe5);

void seat(QPainter &p, QPointF c, double r = 2.6)
{
    p.setBrush(kAccent);
    p.setPen(Qt::NoPen);
    p.drawEllipse(c, r, r);
}

void draw(QPainter &p, const QString &name)
{
    QPen pen(kInk, 1.6);
    pen.setJoinStyle(Qt::RoundJoin);
    pen.setCapStyle(Qt::RoundCap);
    p.setPen(pen);
    p.setBrush(Qt::NoBrush);
    if (name == u"select") {
        QPainterPath arrow;
        arrow.moveTo(6, 3);
        arrow.lineTo(6, 19);
        arrow.lineTo(10, 15);
        arrow.lineTo(13, 21);
        arrow.lineTo(15.5, 20);
        arrow.lineTo(12.5, 14);
        arrow.lineTo(18, 14);
        arrow.closeSubpath();
        p.setBrush(Qt::white);
        p.drawPath(arrow);
    } else if (name == u"section-rect") {
        p.setBrush(QColor(0x1e, 0x88, 0xe5, 50));
        p.drawRect(QRectF(3.5, 5.5, 17, 13));
    } else if (name == u"section-polygon") {
        p.setBrush(QColor(0x1e, 0x88, 0xe5, 50));
        p.drawPolygon(QPolygonF({{4, 18}, {6, 5}, {15, 3}, {20, 11}, {14, 20}}));
    } else if (name == u"row") {
        for (int i = 0; i < 5; ++i)
            seat(p, QPointF(4 + i * 4, 12));
    } else if (name == u"arc-row") {
        for (int i = 0; i < 5; ++i) {
            const double a = (200 + i * 35) * M_PI / 180;
            seat(p, QPointF(12 + 9 * std::cos(a), 17 + 9 * std::sin(a)));
        }
    } else if (name == u"row-block") {
        for (int r = 0; r < 3; ++r)
            for (int i = 0; i < 4; ++i)
                seat(p, QPointF(5.5 + i * 4.3 + (r % 2) * 1.5, 6 + r * 6), 2.2);
    } else if (name == u"ga-area") {
        QPen dashed(kInk, 1.4, Qt::DashLine);
        p.setPen(dashed);
        p.setBrush(QColor(0x8e, 0x24, 0xaa, 50));
        p.drawRoundedRect(QRectF(3.5, 5.5, 17, 13), 2, 2);
        p.setPen(kInk);
        QFont f = p.font();
        f.setPixelSize(7);
        f.setBold(true);
        p.setFont(f);
        p.drawText(QRectF(3.5, 5.5, 17, 13), Qt::AlignCenter, QStringLiteral("GA"));
    } else if (name == u"stage") {
        p.setBrush(QColor(0x55, 0x55, 0x55));
        p.drawRect(QRectF(3.5, 4.5, 17, 7));
        for (int i = 0; i < 4; ++i)
            seat(p, QPointF(6 + i * 4, 17), 2);
    } else if (name == u"rectangle") {
        p.drawRect(QRectF(4.5, 6.5, 15, 11));
    } else if (name == u"ellipse") {
        p.drawEllipse(QRectF(3.5, 6.5, 17, 11));
    } else if (name == u"polygon") {
        p.drawPolygon(QPolygonF({{4, 19}, {8, 5}, {20, 8}, {16, 19}}));
    } else if (name == u"text") {
        QFont f = p.font();
        f.setPixelSize(17);
        f.setBold(true);
        p.setFont(f);
        p.drawText(QRectF(0, 0, 24, 24), Qt::AlignCenter, QStringLiteral("T"));
    } else if (name == u"new") {
        p.setBrush(Qt::white);
        p.drawPolygon(QPolygonF({{6, 3}, {14, 3}, {19, 8}, {19, 21}, {6, 21}}));
        p.drawPolyline(QPolygonF({{14, 3}, {14, 8}, {19, 8}}));
    } else if (name == u"open") {
        p.setBrush(QColor(0xff, 0xca, 0x28));
        p.drawPolygon(QPolygonF({{3, 6}, {9, 6}, {11, 8}, {21, 8}, {21, 19}, {3, 19}}));
    } else if (name == u"save") {
        p.setBrush(kAccent);
        p.drawRoundedRect(QRectF(4, 4, 16, 16), 2, 2);
        p.setBrush(Qt::white);
        p.drawRect(QRectF(7, 4, 10, 6));
        p.drawRect(QRectF(7, 13, 10, 7));
    } else if (name == u"undo" || name == u"redo") {
        if (name == u"redo") {
            p.translate(24, 0);
            p.scale(-1, 1);
        }
        QPainterPath path;
        path.moveTo(8, 9);
        path.lineTo(15, 9);
        path.cubicTo(21, 9, 21, 19, 15, 19);
        path.lineTo(9, 19);
        p.drawPath(path);
        p.setBrush(kInk);
        p.drawPolygon(QPolygonF({{4, 9}, {9, 5}, {9, 13}}));
    } else if (name == u"zoom-in" || name == u"zoom-out" || name == u"fit") {
        if (name == u"fit") {
            for (const QPolygonF &corner : {QPolygonF({{4, 9}, {4, 4}, {9, 4}}),
                                            QPolygonF({{15, 4}, {20, 4}, {20, 9}}),
                                            QPolygonF({{20, 15}, {20, 20}, {15, 20}}),
                                            QPolygonF({{9, 20}, {4, 20}, {4, 15}})})
                p.drawPolyline(corner);
            p.drawRect(QRectF(8.5, 8.5, 7, 7));
        } else {
            p.drawEllipse(QPointF(10, 10), 6, 6);
            p.drawLine(QPointF(14.5, 14.5), QPointF(20, 20));
            p.drawLine(QPointF(7, 10), QPointF(13, 10));
            if (name == u"zoom-in")
                p.drawLine(QPointF(10, 7), QPointF(10, 13));
        }
    } else if (name == u"delete") {
        p.setPen(QPen(QColor(0xc6, 0x28, 0x28), 2.2, Qt::SolidLine, Qt::RoundCap));
        p.drawLine(QPointF(6, 6), QPointF(18, 18));
        p.drawLine(QPointF(18, 6), QPointF(6, 18));
    } else if (name == u"rotate-left" || name == u"rotate-right") {
        if (name == u"rotate-right") {
            p.translate(24, 0);
            p.scale(-1, 1);
        }
        p.drawArc(QRectF(5, 5, 14, 14), 90 * 16, 270 * 16);
        p.setBrush(kInk);
        p.drawPolygon(QPolygonF({{12, 1.5}, {12, 8.5}, {7.5, 5}}));
    } else if (name == u"publish") {
        p.drawPolyline(QPolygonF({{5, 15}, {5, 20}, {19, 20}, {19, 15}}));
        p.drawLine(QPointF(12, 4), QPointF(12, 16));
        p.drawPolyline(QPolygonF({{7.5, 8.5}, {12, 4}, {16.5, 8.5}}));
    } else if (name == u"focal") {
        p.setPen(QPen(QColor(0xd8, 0x1b, 0x60), 1.8));
        p.drawEllipse(QPointF(12, 12), 6, 6);
        p.drawLine(QPointF(12, 2), QPointF(12, 22));
        p.drawLine(QPointF(2, 12), QPointF(22, 12));
    }
}

} // namespace

QIcon toolIcon(const QString &name)
{
    QIcon icon;
    for (int size : {24, 48}) {
        QPixmap pixmap(size, size);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.scale(size / 24.0, size / 24.0);
        draw(painter, name);
        painter.end();
        icon.addPixmap(pixmap);
    }
    return icon;
}

} // namespace boxoffice::editor
