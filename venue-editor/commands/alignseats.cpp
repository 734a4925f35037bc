// SPDX-License-Identifier: GPL-3.0-or-later
#include "alignseats.h"

#include <QCoreApplication>

#include <cmath>

namespace boxoffice::editor {

AlignSeats::AlignSeats(Document *document, const QList<core::SeatRef> &seats, Mode mode)
    : VenueCommand(document,
                   mode >= Mode::DistributeHorizontally
                       ? QCoreApplication::translate("boxoffice::editor::Commands", "Distribute")
                       : QCoreApplication::translate("boxoffice::editor::Commands", "Align"),
                   {ChangeEvent::Kind::Sections, sectionsOf(seats)})
{
    QList<core::SeatRef> valid;
    double left = 0, right = 0, top = 0, bottom = 0;
    for (const core::SeatRef &ref : seats) {
        if (!m_other.isValid(ref))
            continue;
        const QPointF p = m_other.seat(ref).position;
        // Not QRectF::united(): it ignores empty rectangles, i.e. single points.
        left = valid.isEmpty() ? p.x() : qMin(left, p.x());
        right = valid.isEmpty() ? p.x() : qMax(right, p.x());
        top = valid.isEmpty() ? p.y() : qMin(top, p.y());
        bottom = valid.isEmpty() ? p.y() : qMax(bottom, p.y());
        valid.append(ref);
    }
    const QRectF bounds(QPointF(left, top), QPointF(right, bottom));
    if (valid.size() < 2)
        return;
    const bool horizontal = mode == Mode::DistributeHorizontally;
    if (mode == Mode::DistributeHorizontally || mode == Mode::DistributeVertically) {
        std::sort(valid.begin(), valid.end(), [&](const core::SeatRef &a, const core::SeatRef &b) {
            const QPointF pa = m_other.seat(a).position, pb = m_other.seat(b).position;
            return horizontal ? pa.x() < pb.x() : pa.y() < pb.y();
        });
        const double first = horizontal ? bounds.left() : bounds.top();
        const double step = (horizontal ? bounds.width() : bounds.height()) / (valid.size() - 1);
        for (qsizetype i = 0; i < valid.size(); ++i) {
            QPointF &p = m_other.seat(valid.at(i)).position;
            const double value = std::round((first + step * i) * 100) / 100;
            (horizontal ? p.rx() : p.ry()) = value;
        }
        return;
    }
    for (const core::SeatRef &ref : std::as_const(valid)) {
        QPointF &p = m_other.seat(ref).position;
        switch (mode) {
        case Mode::Left:
            p.setX(bounds.left());
            break;
        case Mode::Right:
            p.setX(bounds.right());
            break;
        case Mode::Top:
            p.setY(bounds.top());
            break;
        case Mode::Bottom:
            p.setY(bounds.bottom());
            break;
        case Mode::HorizontalCentre:
            p.setY(std::round(bounds.center().y() * 100) / 100);
            break;
        case Mode::VerticalCentre:
            p.setX(std::round(bounds.center().x() * 100) / 100);
            break;
        default:
            break;
        }
    }
}

} // namespace boxoffice::editor
