// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "abstracttool.h"

#include <core/venue.h>
#include <seatmap/objectref.h>

#include <optional>

namespace boxoffice::editor {

/// Selects (click, Shift/Ctrl+click to add, double-click for the whole row, rubber band) and
/// moves the selection (drag, arrow keys; snapped to the grid).
class SelectTool : public AbstractTool
{
    Q_OBJECT
public:
    SelectTool(ToolContext *context, QObject *parent = nullptr);

    QString hint() const override;
    void deactivate() override;
    void mousePressed(QMouseEvent *event, QPointF pos) override;
    void mouseMoved(QMouseEvent *event, QPointF pos) override;
    void mouseReleased(QMouseEvent *event, QPointF pos) override;
    void mouseDoubleClicked(QMouseEvent *event, QPointF pos) override;
    bool keyPressed(QKeyEvent *event) override;

private:
    enum class Phase : quint8 { Idle, Moving, RubberBand };
    void moveTo(QPointF pos);

    Phase m_phase = Phase::Idle;
    QPointF m_pressPos;
    QPointF m_anchor; ///< position of what was grabbed (seat centre), snapped while moving
    QPointF m_moved;  ///< total delta applied so far in this drag
    bool m_additive = false;
    std::optional<seatmap::ObjectRef> m_pressObject; ///< under a rubber band's start
    int m_dragId = 0;                                ///< steps of one drag merge into one undo step
};

} // namespace boxoffice::editor
