// SPDX-License-Identifier: GPL-3.0-or-later
#include "backgroundimage.h"

#include <seatmap/seatmapscene.h>
#include <QGraphicsPixmapItem>

#include <QGraphicsScene>
#include <QImageReader>

#include <cmath>

namespace boxoffice::editor {

BackgroundImage::BackgroundImage(QGraphicsScene *scene, QObject *parent)
    : QObject(parent)
    , m_scene(scene)
{}

bool BackgroundImage::load(const QString &path)
{
    QImageReader reader(path);
    reader.setAllocationLimit(512); // MiB: a huge scan must not take the editor down
    const QImage image = reader.read();
    if (image.isNull())
        return false;
    if (!m_item) {
        m_item = m_scene->addPixmap(QPixmap());
        m_item->setZValue(-100);
        m_item->setTransformationMode(Qt::SmoothTransformation);
        m_item->setOpacity(0.4);
    }
    m_item->setPixmap(QPixmap::fromImage(image));
    m_item->setPos(0, 0);
    m_item->setScale(1);
    m_item->setVisible(true);
    updateExtent();
    return true;
}

void BackgroundImage::clear()
{
    if (m_item)
        m_item->setVisible(false);
    updateExtent();
}

void BackgroundImage::updateExtent()
{
    if (auto *map = qobject_cast<seatmap::SeatMapScene *>(m_scene))
        map->setExtraContent(isLoaded() ? m_item->sceneBoundingRect() : QRectF());
    if (isLoaded())
        m_scene->setSceneRect(m_scene->sceneRect() | m_item->sceneBoundingRect());
}

bool BackgroundImage::isLoaded() const
{
    return m_item && m_item->isVisible();
}

void BackgroundImage::setOpacity(double opacity)
{
    if (m_item)
        m_item->setOpacity(qBound(0.0, opacity, 1.0));
}

double BackgroundImage::opacity() const
{
    return m_item ? m_item->opacity() : 0.4;
}

double BackgroundImage::scale() const
{
    return m_item ? m_item->scale() : 1.0;
}

void BackgroundImage::calibrate(QPointF a, QPointF b, double distance)
{
    const double measured = std::hypot(b.x() - a.x(), b.y() - a.y());
    if (!m_item || measured < 1e-6 || !(distance > 0))
        return;
    const double factor = distance / measured;
    m_item->setPos(a - (a - m_item->pos()) * factor);
    m_item->setScale(m_item->scale() * factor);
    updateExtent();
}

} // namespace boxoffice::editor
