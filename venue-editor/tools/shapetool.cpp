// SPDX-License-Identifier: GPL-3.0-or-later
#include "shapetool.h"

#include "../tooloptions.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainterPath>

namespace boxoffice::editor {

ShapeTool::ShapeTool(const QString &name,
                     const QString &iconName,
                     const QKeySequence &shortcut,
                     Mode mode,
                     ToolContext *context,
                     std::function<void(const QPolygonF &, const QRectF &)> finished,
                     QObject *parent)
    : AbstractTool(name, iconName, shortcut, context, parent)
    , m_mode(mode)
    , m_finished(std::move(finished))
{}

QString ShapeTool::hint() const
{
    switch (m_mode) {
    case Mode::Polygon:
        return tr("Click to add corners; double-click or Enter to finish, Esc to cancel.");
    case Mode::Point:
        return tr("Click to place.");
    case Mode::TwoPoints:
        return tr("Click two points a known distance apart.");
    default:
        return tr("Drag to draw.");
    }
}

void ShapeTool::deactivate()
{
    m_points.clear();
    m_dragging = false;
    AbstractTool::deactivate();
}

void ShapeTool::mousePressed(QMouseEvent *event, QPointF pos)
{
    if (event->button() != Qt::LeftButton)
        return;
    const QPointF p = m_context->options->snap(pos);
    if (m_mode == Mode::Point) {
        m_finished(QPolygonF({p}), QRectF(p, QSizeF(0, 0)));
        return;
    }
    if (m_mode == Mode::TwoPoints) {
        m_points.append(pos); // unsnapped: calibration measures the image
        if (m_points.size() == 2) {
            const QPolygonF points = m_points;
            m_points.clear();
            setPreview({});
            m_finished(points, points.boundingRect());
        }
        return;
    }
    if (m_mode == Mode::Polygon) {
        if (m_points.isEmpty() || m_points.last() != p)
            m_points.append(p);
        updatePreview(p);
        return;
    }
    m_start = p;
    m_dragging = true;
}

void ShapeTool::mouseMoved(QMouseEvent *, QPointF pos)
{
    if (m_dragging || !m_points.isEmpty())
        updatePreview(m_context->options->snap(pos));
}

void ShapeTool::mouseReleased(QMouseEvent *event, QPointF pos)
{
    if (!m_dragging || event->button() != Qt::LeftButton)
        return;
    m_dragging = false;
    setPreview({});
    const QRectF rect = QRectF(m_start, m_context->options->snap(pos)).normalized();
    if (rect.width() < 1 || rect.height() < 1)
        return;
    m_finished(QPolygonF(rect).mid(0, 4), rect);
}

void ShapeTool::mouseDoubleClicked(QMouseEvent *, QPointF pos)
{
    if (m_mode != Mode::Polygon)
        return;
    // The double-click's own point counts even when no separate press came before it.
    const QPointF p = m_context->options->snap(pos);
    if (m_points.isEmpty() || m_points.last() != p)
        m_points.append(p);
    finishPolygon();
}

bool ShapeTool::keyPressed(QKeyEvent *event)
{
    if (m_mode == Mode::Polygon
        && (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter)) {
        finishPolygon();
        return true;
    }
    if (m_mode == Mode::Polygon && event->key() == Qt::Key_Backspace && !m_points.isEmpty()) {
        m_points.removeLast();
        updatePreview(m_points.isEmpty() ? QPointF() : m_points.last());
        return true;
    }
    return AbstractTool::keyPressed(event);
}

void ShapeTool::finishPolygon()
{
    QPolygonF points = m_points;
    m_points.clear();
    setPreview({});
    if (points.size() >= 3)
        m_finished(points, points.boundingRect());
}

void ShapeTool::updatePreview(QPointF cursor)
{
    QPainterPath path;
    if (m_mode == Mode::Polygon || m_mode == Mode::TwoPoints) {
        if (m_points.isEmpty())
            return setPreview({});
        QPolygonF open = m_points;
        open.append(cursor);
        path.addPolygon(open);
    } else if (m_mode == Mode::Ellipse) {
        path.addEllipse(QRectF(m_start, cursor).normalized());
    } else {
        path.addRect(QRectF(m_start, cursor).normalized());
    }
    setPreview(path);
}

} // namespace boxoffice::editor
