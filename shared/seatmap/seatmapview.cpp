// SPDX-License-Identifier: GPL-3.0-or-later
#include "seatmapview.h"

#include "seatmapscene.h"
#include "zoomcontroller.h"

#include <QGestureEvent>
#include <QKeyEvent>
#include <QNativeGestureEvent>
#include <QPinchGesture>
#include <QScrollBar>
#include <QWheelEvent>

#include <cmath>

namespace boxoffice::seatmap {

SeatMapView::SeatMapView(QWidget *parent)
    : QGraphicsView(parent)
    , m_zoom(new ZoomController(this))
{
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setViewportUpdateMode(SmartViewportUpdate);
    setOptimizationFlags(DontSavePainterState | DontAdjustForAntialiasing);
    setTransformationAnchor(NoAnchor);
    setResizeAnchor(AnchorViewCenter);
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setFrameShape(QFrame::NoFrame);
    viewport()->grabGesture(Qt::PinchGesture);
}

void SeatMapView::fitToContent()
{
    QRectF rect = sceneRect();
    if (auto *map = qobject_cast<SeatMapScene *>(scene())) {
        const QRectF content = map->contentRect();
        if (!content.isEmpty())
            rect = content;
    }
    m_zoom->fitTo(rect);
}

bool SeatMapView::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::NativeGesture) {
        auto *gesture = static_cast<QNativeGestureEvent *>(event);
        if (gesture->gestureType() == Qt::ZoomNativeGesture) {
            m_zoom->zoomBy(1.0 + gesture->value(), gesture->position());
            return true;
        }
    } else if (event->type() == QEvent::Gesture) {
        auto *gestureEvent = static_cast<QGestureEvent *>(event);
        if (auto *pinch = static_cast<QPinchGesture *>(gestureEvent->gesture(Qt::PinchGesture))) {
            m_zoom->zoomBy(pinch->scaleFactor(),
                           viewport()->mapFromGlobal(pinch->centerPoint().toPoint()));
            return true;
        }
    }
    return QGraphicsView::viewportEvent(event);
}

void SeatMapView::wheelEvent(QWheelEvent *event)
{
    if (event->modifiers() & Qt::ShiftModifier) {
        QGraphicsView::wheelEvent(event); // scroll
        return;
    }
    const double steps = event->angleDelta().y() / 120.0;
    if (!qFuzzyIsNull(steps))
        m_zoom->zoomBy(std::pow(ZoomController::kStep, steps), event->position());
    event->accept();
}

void SeatMapView::keyPressEvent(QKeyEvent *event)
{
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        m_zoom->zoomIn();
        return;
    case Qt::Key_Minus:
        m_zoom->zoomOut();
        return;
    case Qt::Key_0:
        fitToContent();
        return;
    case Qt::Key_Space:
        if (!event->isAutoRepeat()) {
            m_spaceHeld = true;
            viewport()->setCursor(Qt::OpenHandCursor);
        }
        return;
    default:
        break;
    }
    QGraphicsView::keyPressEvent(event);
}

void SeatMapView::keyReleaseEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        m_spaceHeld = false;
        viewport()->unsetCursor();
        return;
    }
    QGraphicsView::keyReleaseEvent(event);
}

void SeatMapView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::MiddleButton || (m_spaceHeld && event->button() == Qt::LeftButton)) {
        m_panning = true;
        m_panStart = event->position().toPoint();
        viewport()->setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    if (event->button() == Qt::LeftButton) {
        m_pressed = true;
        m_pressPos = event->position().toPoint();
    }
    QGraphicsView::mousePressEvent(event);
}

void SeatMapView::mouseMoveEvent(QMouseEvent *event)
{
    Q_EMIT cursorMoved(mapToScene(event->position().toPoint()));
    if (m_panning) {
        const QPoint delta = event->position().toPoint() - m_panStart;
        m_panStart = event->position().toPoint();
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - delta.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() - delta.y());
        event->accept();
        return;
    }
    QGraphicsView::mouseMoveEvent(event);
}

void SeatMapView::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_panning) {
        m_panning = false;
        if (m_spaceHeld)
            viewport()->setCursor(Qt::OpenHandCursor);
        else
            viewport()->unsetCursor();
        event->accept();
        return;
    }
    if (m_pressed && event->button() == Qt::LeftButton) {
        m_pressed = false;
        if ((event->position().toPoint() - m_pressPos).manhattanLength() <= 4)
            Q_EMIT clicked(mapToScene(m_pressPos), event->modifiers());
    }
    QGraphicsView::mouseReleaseEvent(event);
}

} // namespace boxoffice::seatmap
