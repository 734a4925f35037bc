// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <seatmap/seatmapview.h>

namespace boxoffice::editor {

class AbstractTool;

/// The map view of the editor: zoom and pan from SeatMapView, everything else goes to the
/// current tool.
class EditorView : public seatmap::SeatMapView
{
    Q_OBJECT
public:
    explicit EditorView(QWidget *parent = nullptr);

    void setTool(AbstractTool *tool);
    AbstractTool *tool() const { return m_tool; }

protected:
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    AbstractTool *m_tool = nullptr;
};

} // namespace boxoffice::editor
