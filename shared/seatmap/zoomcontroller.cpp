// SPDX-License-Identifier: GPL-3.0-or-later
#include "zoomcontroller.h"

#include <QGraphicsView>
#include <QScrollBar>

namespace boxoffice::seatmap {

ZoomController::ZoomController(QGraphicsView *view)
    : QObject(view)
    , m_view(view)
{}

void ZoomController::setScale(double scale, QPointF viewAnchor)
{
    scale = qBound(kMinScale, scale, kMaxScale);
    if (qFuzzyCompare(scale, m_scale))
        return;
    const QPointF sceneAnchor = m_view->mapToScene(viewAnchor.toPoint());
    m_scale = scale;
    m_view->setTransform(QTransform::fromScale(scale, scale));
    // Keep the anchor under the cursor.
    const QPointF moved = m_view->mapFromScene(sceneAnchor);
    const QPointF delta = moved - viewAnchor;
    m_view->horizontalScrollBar()->setValue(m_view->horizontalScrollBar()->value() + int(delta.x()));
    m_view->verticalScrollBar()->setValue(m_view->verticalScrollBar()->value() + int(delta.y()));
    Q_EMIT scaleChanged(m_scale);
}

void ZoomController::setScale(double scale)
{
    setScale(scale, QPointF(m_view->viewport()->rect().center()));
}

void ZoomController::zoomIn()
{
    setScale(m_scale * kStep);
}

void ZoomController::zoomOut()
{
    setScale(m_scale / kStep);
}

void ZoomController::zoomBy(double factor, QPointF viewAnchor)
{
    setScale(m_scale * factor, viewAnchor);
}

void ZoomController::fitTo(const QRectF &rect)
{
    if (rect.isEmpty())
        return;
    const QRectF viewport = m_view->viewport()->rect();
    const double scale = qMin(viewport.width() / rect.width(), viewport.height() / rect.height())
                         * 0.95;
    m_scale = qBound(kMinScale, scale, kMaxScale);
    m_view->setTransform(QTransform::fromScale(m_scale, m_scale));
    m_view->centerOn(rect.center());
    Q_EMIT scaleChanged(m_scale);
}

} // namespace boxoffice::seatmap
