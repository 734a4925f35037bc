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
