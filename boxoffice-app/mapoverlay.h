// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/venue.h>

#include <QGraphicsItem>
#include <QHash>

namespace boxoffice::app {

/// Drawn over the seat map: accessibility marks on wheelchair and companion seats (when zoomed
/// in far enough to see seats), and the remaining capacity of each GA zone.
class MapOverlay : public QGraphicsItem
{
public:
    MapOverlay();

    /// Takes the accessible seats and GA zones of `venue`.
    void setVenue(const core::Venue &venue);

    /// Remaining places per GA zone id.
    void setGaAvailable(const QHash<QString, int> &available);

    QRectF boundingRect() const override { return m_bounds; }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    QList<QPointF> m_wheelchair;
    QList<QPointF> m_companion;
    QList<core::GaArea> m_areas;
    QHash<QString, int> m_available;
    QRectF m_bounds;
    double m_radius = 20;
};

} // namespace boxoffice::app
