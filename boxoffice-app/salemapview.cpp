// SPDX-License-Identifier: GPL-3.0-or-later
#include "salemapview.h"

#include <seatmap/seatmapscene.h>

#include <QHelpEvent>
#include <QMouseEvent>
#include <QToolTip>

namespace boxoffice::app {

SaleMapView::SaleMapView(seatmap::SeatMapScene *scene, QWidget *parent)
    : seatmap::SeatMapView(parent)
    , m_scene(scene)
    , m_band(QRubberBand::Rectangle, viewport())
{
    setScene(scene);
    setMouseTracking(true);
}

QStringList SaleMapView::idsOf(const QList<core::SeatRef> &refs) const
{
    QStringList out;
    for (const core::SeatRef &ref : refs)
        out.append(m_scene->venue().seat(ref).id);
    return out;
}

QStringList SaleMapView::rowOf(core::SeatRef ref) const
{
    QStringList out;
    for (const core::Seat &seat : m_scene->venue().sections.at(ref.section).rows.at(ref.row).seats)
        out.append(seat.id);
    return out;
}

bool SaleMapView::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QPointF scenePos = mapToScene(help->pos());
        QString text;
        if (const auto ref = m_scene->seatAt(scenePos); ref && describeSeat)
            text = describeSeat(m_scene->venue().seat(*ref).id);
        else if (const auto object = m_scene->objectAt(scenePos);
                 object && object->kind == seatmap::ObjectRef::Kind::GaArea && describeSeat)
            text = describeSeat(m_scene->venue().gaAreas.at(object->index).id);
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return seatmap::SeatMapView::viewportEvent(event);
}

void SaleMapView::mousePressEvent(QMouseEvent *event)
{
    seatmap::SeatMapView::mousePressEvent(event);
    if (isPanning() || event->button() != Qt::LeftButton)
        return;
    m_pressPos = event->position().toPoint();
    const QPointF scenePos = mapToScene(m_pressPos);
    if (const auto ref = m_scene->seatAt(scenePos)) {
        if (event->modifiers() & Qt::ShiftModifier)
            Q_EMIT seatsClicked(rowOf(*ref));
        else
            Q_EMIT seatsClicked({m_scene->venue().seat(*ref).id});
        return;
    }
    if (const auto object = m_scene->objectAt(scenePos);
        object && object->kind == seatmap::ObjectRef::Kind::GaArea) {
        Q_EMIT gaClicked(m_scene->venue().gaAreas.at(object->index).id);
        return;
    }
    m_banding = true;
    m_band.setGeometry(QRect(m_pressPos, QSize()));
    m_band.show();
}

void SaleMapView::mouseMoveEvent(QMouseEvent *event)
{
    seatmap::SeatMapView::mouseMoveEvent(event);
    if (m_banding)
        m_band.setGeometry(QRect(m_pressPos, event->position().toPoint()).normalized());
}

void SaleMapView::mouseReleaseEvent(QMouseEvent *event)
{
    seatmap::SeatMapView::mouseReleaseEvent(event);
    if (!m_banding)
        return;
    m_banding = false;
    m_band.hide();
    const QRect rect = QRect(m_pressPos, event->position().toPoint()).normalized();
    if (rect.width() < 4 && rect.height() < 4)
        return;
    const QStringList ids = idsOf(m_scene->seatsIn(mapToScene(rect).boundingRect()));
    if (!ids.isEmpty())
        Q_EMIT seatsBanded(ids);
}

void SaleMapView::mouseDoubleClickEvent(QMouseEvent *event)
{
    // The first click already toggled the seat; the double click takes the whole row.
    if (const auto ref = m_scene->seatAt(mapToScene(event->position().toPoint())))
        Q_EMIT seatsBanded(rowOf(*ref));
}

} // namespace boxoffice::app
