// SPDX-License-Identifier: GPL-3.0-or-later
#include "objectitem.h"

#include <core/geometry.h>

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace boxoffice::seatmap {

namespace {

const QColor kSelection(0xff, 0x8f, 0x00); // orange: unlike any usual category colour
constexpr double kFocalRadius = 9;         // pixels

QFont textFont(const core::Shape &shape)
{
    QFont font;
    font.setPixelSize(qMax(1, int(shape.fontSize)));
    return font;
}

} // namespace

ObjectItem::ObjectItem(const ObjectRef &ref, const core::Venue &venue, const QColor &colour)
    : m_ref(ref)
    , m_colour(colour)
{
    switch (ref.kind) {
    case ObjectRef::Kind::Shape: {
        m_shape = venue.shapes.at(ref.index);
        QPainterPath local;
        if (m_shape.kind == core::Shape::Kind::Polygon) {
            local.addPolygon(m_shape.points);
            local.closeSubpath();
        } else if (m_shape.kind == core::Shape::Kind::Ellipse) {
            local.addEllipse(m_shape.rect);
        } else if (m_shape.kind == core::Shape::Kind::Text) {
            const QFontMetricsF metrics(textFont(m_shape));
            local.addRect(QRectF(m_shape.rect.topLeft(),
                                 QSizeF(metrics.horizontalAdvance(m_shape.text), metrics.height())));
        } else {
            local.addRect(m_shape.rect);
        }
        if (!qFuzzyIsNull(m_shape.rotation) && m_shape.kind != core::Shape::Kind::Polygon) {
            const QPointF centre = m_shape.kind == core::Shape::Kind::Text ? m_shape.rect.topLeft()
                                                                           : m_shape.rect.center();
            QTransform t;
            t.translate(centre.x(), centre.y());
            t.rotate(m_shape.rotation);
            t.translate(-centre.x(), -centre.y());
            local = t.map(local);
        }
        m_path = local;
        setZValue(-1);
        break;
    }
    case ObjectRef::Kind::GaArea:
        m_area = venue.gaAreas.at(ref.index);
        m_path.addPolygon(m_area.outline);
        m_path.closeSubpath();
        setZValue(-0.5);
        break;
    case ObjectRef::Kind::FocalPoint:
        // Drawn in pixels at the focal point, the same size at any zoom.
        m_focal = QPointF(0, 0);
        setPos(venue.focalPoint);
        setFlag(ItemIgnoresTransformations);
        m_path.addEllipse(m_focal, kFocalRadius, kFocalRadius);
        setZValue(2);
        break;
    case ObjectRef::Kind::Section:
        break;
    }
    m_bounds = m_path.boundingRect().adjusted(-10, -10, 10, 10);
}

void ObjectItem::setSelected(bool selected)
{
    if (m_selected == selected)
        return;
    m_selected = selected;
    update();
}

QRectF ObjectItem::boundingRect() const
{
    return m_bounds;
}

QPainterPath ObjectItem::shape() const
{
    return m_path;
}

void ObjectItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    painter->setRenderHint(QPainter::Antialiasing);
    if (m_ref.kind == ObjectRef::Kind::Shape)
        paintShape(painter);
    else if (m_ref.kind == ObjectRef::Kind::GaArea)
        paintGaArea(painter);
    else if (m_ref.kind == ObjectRef::Kind::FocalPoint) {
        QPen pen(QColor(0xd8, 0x1b, 0x60), 2);
        pen.setCosmetic(true);
        painter->setPen(pen);
        painter->setBrush(Qt::NoBrush);
        painter->drawEllipse(m_focal, kFocalRadius, kFocalRadius);
        painter->drawLine(m_focal - QPointF(kFocalRadius * 1.5, 0),
                          m_focal + QPointF(kFocalRadius * 1.5, 0));
        painter->drawLine(m_focal - QPointF(0, kFocalRadius * 1.5),
                          m_focal + QPointF(0, kFocalRadius * 1.5));
    }
    if (m_selected) {
        QPen pen(kSelection, 2, Qt::DashLine);
        pen.setCosmetic(true);
        painter->setPen(pen);
        painter->setBrush(Qt::NoBrush);
        painter->drawPath(m_path);
    }
}

void ObjectItem::paintShape(QPainter *painter)
{
    QPen pen(m_shape.stroke.isValid() ? m_shape.stroke : Qt::transparent, 1.5);
    pen.setCosmetic(true);
    if (m_shape.kind == core::Shape::Kind::Text) {
        painter->save();
        const QPointF anchor = m_shape.rect.topLeft();
        painter->translate(anchor);
        painter->rotate(m_shape.rotation);
        painter->setFont(textFont(m_shape));
        painter->setPen(m_shape.fill.isValid() ? m_shape.fill : QColor(Qt::black));
        const QFontMetricsF metrics(painter->font());
        painter->drawText(QPointF(0, metrics.ascent()), m_shape.text);
        painter->restore();
        return;
    }
    painter->setPen(m_shape.stroke.isValid() ? pen : QPen(Qt::NoPen));
    painter->setBrush(m_shape.fill.isValid() ? QBrush(m_shape.fill) : QBrush(Qt::NoBrush));
    painter->drawPath(m_path);
    if (m_shape.kind == core::Shape::Kind::Stage && !m_shape.text.isEmpty()) {
        QFont font;
        font.setPixelSize(qMax(1, int(qMin(m_shape.rect.height() * 0.35, 120.0))));
        font.setBold(true);
        painter->setFont(font);
        painter->setPen(qGray(m_shape.fill.rgb()) < 128 ? Qt::white : Qt::black);
        painter->drawText(m_path.boundingRect(), Qt::AlignCenter, m_shape.text);
    }
}

void ObjectItem::paintGaArea(QPainter *painter)
{
    QColor fill = m_colour.isValid() ? m_colour : QColor(0x9e, 0x9e, 0x9e);
    fill.setAlpha(70);
    QPen pen(fill.darker(150), 1.5, Qt::DashDotLine);
    pen.setCosmetic(true);
    painter->setPen(pen);
    painter->setBrush(QBrush(fill, Qt::SolidPattern));
    painter->drawPath(m_path);
    const QRectF bounds = m_path.boundingRect();
    QFont font;
    font.setPixelSize(qMax(1, int(qMin(bounds.height() * 0.15, 100.0))));
    painter->setFont(font);
    painter->setPen(QColor(0x33, 0x33, 0x33));
    painter->drawText(bounds,
                      Qt::AlignCenter,
                      m_area.name + u'\n'
                          + QCoreApplication::translate("boxoffice::seatmap::ObjectItem",
                                                        "GA · %n places",
                                                        nullptr,
                                                        m_area.capacity));
}

} // namespace boxoffice::seatmap
