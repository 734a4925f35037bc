// SPDX-License-Identifier: GPL-3.0-or-later
#include "seatcolours.h"

#include <QHash>
#include <QPainter>
#include <QPointF>

#include <cmath>

namespace boxoffice::seatmap::SeatColours {

namespace {

struct Lab
{
    double l, a, b;
};

double linear(double c)
{
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

Lab toLab(const QColor &colour)
{
    const double r = linear(colour.redF()), g = linear(colour.greenF()), b = linear(colour.blueF());
    // sRGB -> XYZ (D65), then L*a*b*.
    const double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    const double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    const double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116.0; };
    return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}

// Well-separated colours (Tableau 10 and a few more) to replace category colours that clash.
const QList<QColor> &palette()
{
    static const QList<QColor> colours{QColor(0xe1, 0x57, 0x59),
                                       QColor(0xf2, 0x8e, 0x2b),
                                       QColor(0xed, 0xc9, 0x48),
                                       QColor(0x76, 0xb7, 0xb2),
                                       QColor(0x4e, 0x79, 0xa7),
                                       QColor(0xb0, 0x7a, 0xa1),
                                       QColor(0xff, 0x9d, 0xa7),
                                       QColor(0x9c, 0x75, 0x5f),
                                       QColor(0x8c, 0x56, 0x4b),
                                       QColor(0x17, 0xbe, 0xcf),
                                       QColor(0xbc, 0xbd, 0x22),
                                       QColor(0x7f, 0x3c, 0x8d),
                                       QColor(0xd6, 0x27, 0x28),
                                       QColor(0x00, 0x6d, 0x77),
                                       QColor(0xff, 0xd9, 0x2f),
                                       QColor(0x99, 0x00, 0x44)};
    return colours;
}

double nearest(const QColor &colour, const QList<QColor> &others)
{
    double best = 1e9;
    for (const QColor &other : others)
        best = std::min(best, distance(colour, other));
    return best;
}

QHash<QRgb, SeatMark> &marks()
{
    static QHash<QRgb, SeatMark> registry;
    return registry;
}

} // namespace

double distance(const QColor &a, const QColor &b)
{
    const Lab x = toLab(a), y = toLab(b);
    return std::sqrt((x.l - y.l) * (x.l - y.l) + (x.a - y.a) * (x.a - y.a)
                     + (x.b - y.b) * (x.b - y.b));
}

QList<QColor> distinct(const QList<QColor> &wanted,
                       const QList<QColor> &reserved,
                       double minDistance)
{
    // First keep every wanted colour that is far enough from what is kept so far, then give the
    // others the palette colour farthest from everything (so a replacement never pushes out a
    // venue colour that was fine).
    QList<QColor> taken = reserved;
    QList<QColor> out(wanted.size());
    QList<int> clashing;
    for (int i = 0; i < wanted.size(); ++i) {
        if (wanted.at(i).isValid() && nearest(wanted.at(i), taken) >= minDistance) {
            out[i] = wanted.at(i);
            taken.append(wanted.at(i));
        } else {
            clashing.append(i);
        }
    }
    for (const int i : std::as_const(clashing)) {
        QColor chosen;
        double best = -1;
        for (const QColor &candidate : palette()) {
            const double d = nearest(candidate, taken);
            if (d > best) {
                best = d;
                chosen = candidate;
            }
        }
        out[i] = chosen;
        taken.append(chosen);
    }
    return out;
}

void setMark(QRgb fill, SeatMark mark)
{
    marks().insert(fill | 0xff000000u, mark);
}

SeatMark mark(QRgb fill)
{
    return marks().value(fill | 0xff000000u, SeatMark::None);
}

void paintMark(QPainter &painter, const QPointF &centre, double r, SeatMark mark)
{
    if (mark == SeatMark::None)
        return;
    painter.save();
    painter.setBrush(Qt::NoBrush);
    if (mark == SeatMark::Cross) {
        QPen pen(Qt::white, std::max(1.0, r * 0.22));
        pen.setCapStyle(Qt::RoundCap);
        painter.setPen(pen);
        const double d = r * 0.5;
        painter.drawLine(centre + QPointF(-d, -d), centre + QPointF(d, d));
        painter.drawLine(centre + QPointF(-d, d), centre + QPointF(d, -d));
    } else {
        painter.setPen(QPen(Qt::white, std::max(1.0, r * 0.2)));
        painter.drawEllipse(centre, r * 0.5, r * 0.5);
    }
    painter.restore();
}

} // namespace boxoffice::seatmap::SeatColours
