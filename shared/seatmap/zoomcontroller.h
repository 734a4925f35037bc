// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QPointF>

class QGraphicsView;

namespace boxoffice::seatmap {

/// Zoom of a QGraphicsView in steps, around a point, within limits; fit-to-view.
class ZoomController : public QObject
{
    Q_OBJECT
public:
    static constexpr double kMinScale = 0.002;
    static constexpr double kMaxScale = 20.0;
    static constexpr double kStep = 1.25;

    explicit ZoomController(QGraphicsView *view);

    /// Current scale: view pixels per scene unit.
    double scale() const { return m_scale; }
    /// Sets the scale, keeping the scene point under `viewAnchor` (view coordinates) in place.
    void setScale(double scale, QPointF viewAnchor);
    void setScale(double scale);
    void zoomIn();
    void zoomOut();
    /// Multiplies the scale by `factor` around `viewAnchor` (wheel, pinch).
    void zoomBy(double factor, QPointF viewAnchor);
    /// Shows all of `rect` (scene coordinates) with a small margin.
    void fitTo(const QRectF &rect);

Q_SIGNALS:
    void scaleChanged(double scale);

private:
    QGraphicsView *m_view;
    double m_scale = 1.0;
};

} // namespace boxoffice::seatmap
