// SPDX-License-Identifier: GPL-3.0-or-later
#include "editorview.h"

#include "tools/abstracttool.h"

#include <QKeyEvent>
#include <QMouseEvent>

namespace boxoffice::editor {

EditorView::EditorView(QWidget *parent)
    : seatmap::SeatMapView(parent)
{}

void EditorView::setTool(AbstractTool *tool)
{
    if (m_tool == tool)
        return;
    if (m_tool)
        m_tool->deactivate();
    m_tool = tool;
    if (m_tool)
        m_tool->activate();
    viewport()->setCursor(m_tool && m_tool->iconName() != u"select" ? Qt::CrossCursor
                                                                    : Qt::ArrowCursor);
}

void EditorView::mousePressEvent(QMouseEvent *event)
{
    SeatMapView::mousePressEvent(event);
    if (!isPanning() && m_tool && event->button() == Qt::LeftButton)
        m_tool->mousePressed(event, mapToScene(event->position().toPoint()));
}

void EditorView::mouseMoveEvent(QMouseEvent *event)
{
    SeatMapView::mouseMoveEvent(event);
    if (!isPanning() && m_tool)
        m_tool->mouseMoved(event, mapToScene(event->position().toPoint()));
}

void EditorView::mouseReleaseEvent(QMouseEvent *event)
{
    const bool panned = isPanning();
    SeatMapView::mouseReleaseEvent(event);
    if (!panned && m_tool)
        m_tool->mouseReleased(event, mapToScene(event->position().toPoint()));
}

void EditorView::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (m_tool && event->button() == Qt::LeftButton)
        m_tool->mouseDoubleClicked(event, mapToScene(event->position().toPoint()));
}

void EditorView::keyPressEvent(QKeyEvent *event)
{
    if (m_tool && m_tool->keyPressed(event))
        return;
    SeatMapView::keyPressEvent(event);
}

} // namespace boxoffice::editor
