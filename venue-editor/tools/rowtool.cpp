// SPDX-License-Identifier: GPL-3.0-or-later
#include "rowtool.h"

#include "../document.h"
#include "../snapping.h"
#include "../tooloptions.h"
#include "rowplacement.h"

#include <core/rowlayout.h>

#include <QMouseEvent>
#include <QPainterPath>

#include <cmath>

namespace boxoffice::editor {

RowTool::RowTool(const QString &name,
                 const QString &iconName,
                 const QKeySequence &shortcut,
                 Mode mode,
                 ToolContext *context,
                 QObject *parent)
    : AbstractTool(name, iconName, shortcut, context, parent)
    , m_mode(mode)
{}

QString RowTool::hint() const
{
    switch (m_mode) {
    case Mode::Straight:
        return tr("Drag from the first seat along the row.");
    case Mode::Arc:
        return m_phase == Phase::Curving ? tr("Move to curve the row, click to place it.")
                                         : tr("Drag from the first seat towards the last.");
    case Mode::Block:
        return tr("Drag along the first row; the other rows go behind it.");
    }
    return {};
}

void RowTool::deactivate()
{
    m_phase = Phase::Idle;
    AbstractTool::deactivate();
    Q_EMIT hintChanged(hint());
}

QList<QList<QPointF>> RowTool::layout(QPointF start, QPointF end, double sagitta) const
{
    const ToolOptions &options = *m_context->options;
    const QPointF d = end - start;
    const double length = std::hypot(d.x(), d.y());
    const double angle = length > 1e-6 ? std::atan2(d.y(), d.x()) * 180 / M_PI : 0;
    const double spacing = qMax(1.0, options.seatSpacing);
    const int count = options.seatCount > 0
                          ? options.seatCount
                          : qBound(1, int(std::floor(length / spacing)) + 1, 1000);
    QList<QList<QPointF>> rows;
    if (m_mode == Mode::Arc) {
        rows.append(core::rowlayout::curved(start, angle, count, spacing, sagitta));
        return rows;
    }
    const int rowCount = m_mode == Mode::Block ? qMax(1, options.rowCount) : 1;
    const double radians = angle * M_PI / 180;
    const QPointF along(std::cos(radians), std::sin(radians));
    const QPointF behind(-along.y(), along.x()); // to the right of the heading: further back
    for (int r = 0; r < rowCount; ++r) {
        QPointF rowStart = start + behind * (r * options.rowSpacing);
        if (options.stagger && r % 2 == 1)
            rowStart += along * (spacing / 2);
        rows.append(core::rowlayout::straight(rowStart, angle, count, spacing));
    }
    return rows;
}

double RowTool::sagittaFor(QPointF cursor) const
{
    // Signed distance of the cursor from the chord, positive on the right of the heading.
    const QPointF d = m_end - m_start;
    const double length = std::hypot(d.x(), d.y());
    if (length < 1e-6)
        return 0;
    const QPointF v = cursor - m_start;
    return (d.x() * v.y() - d.y() * v.x()) / length;
}

void RowTool::showPreview(const QList<QList<QPointF>> &rows)
{
    const double radius = m_context->options->seatSpacing * 0.4;
    QPainterPath path;
    for (const QList<QPointF> &row : rows) {
        for (const QPointF &p : row)
            path.addEllipse(p, radius, radius);
    }
    setPreview(path);
}

void RowTool::mousePressed(QMouseEvent *event, QPointF pos)
{
    if (event->button() != Qt::LeftButton)
        return;
    if (m_phase == Phase::Curving) {
        const QList<QList<QPointF>> rows = layout(m_start, m_end, sagittaFor(pos));
        m_phase = Phase::Idle;
        setPreview({});
        placeRows(m_context, rows);
        Q_EMIT hintChanged(hint());
        return;
    }
    m_start = snapPoint(m_context->document->venue(), *m_context->options, pos);
    m_end = m_start;
    m_phase = Phase::Dragging;
    showPreview(layout(m_start, m_start + QPointF(1, 0), 0));
}

void RowTool::mouseMoved(QMouseEvent *, QPointF pos)
{
    if (m_phase == Phase::Dragging) {
        m_end = pos;
        showPreview(layout(m_start, m_end, 0));
    } else if (m_phase == Phase::Curving) {
        showPreview(layout(m_start, m_end, sagittaFor(pos)));
    }
}

void RowTool::mouseReleased(QMouseEvent *event, QPointF pos)
{
    if (m_phase != Phase::Dragging || event->button() != Qt::LeftButton)
        return;
    m_end = pos;
    if (m_mode == Mode::Arc) {
        m_phase = Phase::Curving;
        Q_EMIT hintChanged(hint());
        return;
    }
    m_phase = Phase::Idle;
    setPreview({});
    placeRows(m_context, layout(m_start, m_end, 0));
}

} // namespace boxoffice::editor
