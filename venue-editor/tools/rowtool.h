// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "abstracttool.h"

#include <QList>

namespace boxoffice::editor {

/// Draws a row of seats: straight (drag from the first seat along the row) or arc (drag the
/// chord, then move to curve and click). A block draws `rowCount` rows behind each other.
class RowTool : public AbstractTool
{
    Q_OBJECT
public:
    enum class Mode : quint8 { Straight, Arc, Block };

    RowTool(const QString &name,
            const QString &iconName,
            const QKeySequence &shortcut,
            Mode mode,
            ToolContext *context,
            QObject *parent = nullptr);

    QString hint() const override;
    void deactivate() override;
    void mousePressed(QMouseEvent *event, QPointF pos) override;
    void mouseMoved(QMouseEvent *event, QPointF pos) override;
    void mouseReleased(QMouseEvent *event, QPointF pos) override;

    /// Seat positions for a drag from `start` to `end`, curved by `sagitta` (Arc).
    QList<QList<QPointF>> layout(QPointF start, QPointF end, double sagitta) const;

private:
    enum class Phase : quint8 { Idle, Dragging, Curving };
    void showPreview(const QList<QList<QPointF>> &rows);
    double sagittaFor(QPointF cursor) const;

    Mode m_mode;
    Phase m_phase = Phase::Idle;
    QPointF m_start;
    QPointF m_end;
};

} // namespace boxoffice::editor
