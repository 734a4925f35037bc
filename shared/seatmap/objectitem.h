// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <seatmap/objectref.h>

#include <core/venue.h>

#include <QGraphicsItem>

namespace boxoffice::seatmap {

/// A GA area, decorative shape or the focal point on the map.
class ObjectItem : public QGraphicsItem
{
public:
    /// Draws the object `ref` of `venue`; GA areas take `colour` (their category's).
    ObjectItem(const ObjectRef &ref, const core::Venue &venue, const QColor &colour = {});

    ObjectRef ref() const { return m_ref; }
    void setSelected(bool selected);

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    void paintShape(QPainter *painter);
    void paintGaArea(QPainter *painter);

    ObjectRef m_ref;
    core::Shape m_shape;
    core::GaArea m_area;
    QPointF m_focal;
    QColor m_colour;
    QPainterPath m_path;
    QRectF m_bounds;
    bool m_selected = false;
};

} // namespace boxoffice::seatmap
