// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "abstracttool.h"

#include <QPolygonF>
#include <QRectF>

#include <functional>

namespace boxoffice::editor {

/// Draws a rectangle (drag), a polygon (click points, double-click or Enter to finish) or a
/// point (click), and hands the result to `finished`, which pushes the command: used for
/// sections, GA areas, decorative shapes and the focal point.
class ShapeTool : public AbstractTool
{
    Q_OBJECT
public:
    enum class Mode : quint8 { Rectangle, Ellipse, Polygon, Point, TwoPoints };

    ShapeTool(const QString &name,
              const QString &iconName,
              const QKeySequence &shortcut,
              Mode mode,
              ToolContext *context,
              std::function<void(const QPolygonF &, const QRectF &)> finished,
              QObject *parent = nullptr);

    QString hint() const override;
    void deactivate() override;
    void mousePressed(QMouseEvent *event, QPointF pos) override;
    void mouseMoved(QMouseEvent *event, QPointF pos) override;
    void mouseReleased(QMouseEvent *event, QPointF pos) override;
    void mouseDoubleClicked(QMouseEvent *event, QPointF pos) override;
    bool keyPressed(QKeyEvent *event) override;

private:
    void updatePreview(QPointF cursor);
    void finishPolygon();

    Mode m_mode;
    std::function<void(const QPolygonF &, const QRectF &)> m_finished;
    QPolygonF m_points;
    QPointF m_start;
    bool m_dragging = false;
};

} // namespace boxoffice::editor
