// SPDX-License-Identifier: GPL-3.0-or-later
#include "mapoverlay.h"

#include "mapcolours.h"

#include <QCoreApplication>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace boxoffice::app {

MapOverlay::MapOverlay()
{
    setZValue(10);
    setAcceptedMouseButtons(Qt::NoButton);
}

void MapOverlay::setVenue(const core::Venue &venue)
{
    prepareGeometryChange();
    m_wheelchair.clear();
    m_companion.clear();
    m_available.clear();
    m_bounds = {};
    venue.forEachSeat(
        [this](const core::Section &, const core::Row &, const core::Seat &seat, core::SeatRef) {
            if (seat.flags & core::SeatFlag::Wheelchair)
                m_wheelchair.append(seat.position);
            else if (seat.flags & core::SeatFlag::Companion)
                m_companion.append(seat.position);
            m_bounds |= QRectF(seat.position, QSizeF(0.01, 0.01));
        });
    m_areas = venue.gaAreas;
    for (const core::GaArea &area : std::as_const(m_areas))
        m_bounds |= area.outline.boundingRect();
    m_bounds.adjust(-50, -50, 50, 400); // room for the GA labels under the zones
}

void MapOverlay::setGaAvailable(const QHash<QString, int> &available)
{
    m_available = available;
    update();
}

void MapOverlay::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    const double lod = QStyleOptionGraphicsItem::levelOfDetailFromTransform(
        painter->worldTransform());
    if (m_radius * lod >= 3.5) {
        // Accessibility: a white ring with a blue centre (wheelchair) or a blue ring (companion).
        QPen pen(Qt::white, 2.0);
        pen.setCosmetic(true);
        painter->setPen(pen);
        painter->setBrush(MapColours::flag());
        for (const QPointF &p : std::as_const(m_wheelchair))
            painter->drawEllipse(p, m_radius * 0.55, m_radius * 0.55);
        painter->setBrush(Qt::NoBrush);
        pen.setColor(MapColours::flag());
        painter->setPen(pen);
        for (const QPointF &p : std::as_const(m_companion))
            painter->drawEllipse(p, m_radius * 0.6, m_radius * 0.6);
    }
    // Capacity labels 13 pixels high in screen space: a font at one size, whatever the zoom
    // (a size in scene units would lay out a new font at every zoom step).
    const QTransform world = painter->worldTransform();
    const bool screen = world.type() <= QTransform::TxScale;
    QFont font = painter->font();
    font.setBold(true);
    font.setPixelSize(screen ? 13 : qMax(1, int(13 / lod)));
    painter->setFont(font);
    if (screen)
        painter->setWorldTransform(QTransform());
    for (const core::GaArea &area : std::as_const(m_areas)) {
        const int left = m_available.value(area.id, -1);
        if (left < 0)
            continue;
        const QRectF r = area.outline.boundingRect();
        painter->setPen(left == 0 ? QColor(0xb7, 0x1c, 0x1c) : QColor(0x1b, 0x5e, 0x20));
        const QString text = left == 0 ? QCoreApplication::translate("boxoffice::app::MapOverlay",
                                                                     "%1: sold out")
                                             .arg(area.name)
                                       : QCoreApplication::translate("boxoffice::app::MapOverlay",
                                                                     "%1: %2 of %3 left")
                                             .arg(area.name)
                                             .arg(left)
                                             .arg(area.capacity);
        // Below the zone, clear of the zone's own name drawn inside it.
        const QRectF box = screen ? QRectF(world.map(r.bottomLeft()) + QPointF(0, 4),
                                           QSizeF(world.mapRect(r).width(), 20))
                                  : QRectF(r.left(), r.bottom() + 4 / lod, r.width(), 20 / lod);
        painter->drawText(box, Qt::AlignHCenter | Qt::AlignTop | Qt::TextDontClip, text);
    }
    if (screen)
        painter->setWorldTransform(world);
}

} // namespace boxoffice::app
