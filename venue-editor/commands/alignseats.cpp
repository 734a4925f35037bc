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
    QRectF bounds;
    for (const core::SeatRef &ref : seats) {
        if (!m_other.isValid(ref))
            continue;
        valid.append(ref);
        const QPointF p = m_other.seat(ref).position;
        bounds = valid.size() == 1 ? QRectF(p, QSizeF(0, 0))
                                   : bounds.united(QRectF(p, QSizeF(0, 0)));
    }
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
