// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QGraphicsView>

namespace boxoffice::seatmap {

class ZoomController;

/// A QGraphicsView with the zoom and pan behaviour both apps share: wheel and pinch zoom around
/// the cursor, keys + / - / 0 (fit), pan with the middle button or Space + drag.
class SeatMapView : public QGraphicsView
{
    Q_OBJECT
public:
    explicit SeatMapView(QWidget *parent = nullptr);

    ZoomController *zoom() const { return m_zoom; }
    /// Fits the scene's content (SeatMapScene::contentRect(), else the scene rect).
    void fitToContent();

Q_SIGNALS:
    /// The cursor moved over the map (scene coordinates).
    void cursorMoved(QPointF scenePos);
    /// A left click (press and release without dragging) at `scenePos`; apps look up the seat
    /// with SeatMapScene::seatAt().
    void clicked(QPointF scenePos, Qt::KeyboardModifiers modifiers);

protected:
    bool viewportEvent(QEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void keyReleaseEvent(QKeyEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    /// True while the view pans (subclasses leave such mouse events alone).
    bool isPanning() const { return m_panning; }

private:
    ZoomController *m_zoom;
    QPoint m_panStart;
    QPoint m_pressPos;
    bool m_pressed = false;
    bool m_panning = false;
    bool m_spaceHeld = false;
};

} // namespace boxoffice::seatmap
