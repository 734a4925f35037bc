// SPDX-License-Identifier: GPL-3.0-or-later
#include "selecttool.h"

#include "../commands/moveobjects.h"
#include "../document.h"
#include "../snapping.h"
#include "../tooloptions.h"

#include <seatmap/seatmapscene.h>

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainterPath>

namespace boxoffice::editor {

SelectTool::SelectTool(ToolContext *context, QObject *parent)
    : AbstractTool(tr("Select"), QStringLiteral("select"), QKeySequence(Qt::Key_S), context, parent)
{}

QString SelectTool::hint() const
{
    return tr("Click to select, Shift+click to add, double-click for the row, drag to move; "
              "arrow keys nudge.");
}

void SelectTool::deactivate()
{
    m_phase = Phase::Idle;
    AbstractTool::deactivate();
}

void SelectTool::mousePressed(QMouseEvent *event, QPointF pos)
{
    if (event->button() != Qt::LeftButton)
        return;
    Document *document = m_context->document;
    m_additive = event->modifiers() & (Qt::ShiftModifier | Qt::ControlModifier);
    m_pressPos = pos;
    m_moved = QPointF();
    ++m_dragId;
    QList<core::SeatRef> seats = document->selectedSeats();
    QList<seatmap::ObjectRef> objects = document->selectedObjects();

    if (const auto seat = m_context->scene->seatAt(pos)) {
        if (m_additive) {
            if (seats.contains(*seat))
                seats.removeOne(*seat);
            else
                seats.append(*seat);
            document->setSelection(seats, objects);
            return;
        }
        if (!seats.contains(*seat))
            document->setSelection({*seat});
        m_anchor = document->venue().seat(*seat).position;
        m_phase = Phase::Moving;
        return;
    }
    // Inside a section, a drag selects seats with a rubber band; a click selects the section,
    // and a drag that starts on an already selected section moves it.
    const auto object = m_context->scene->objectAt(pos);
    const bool section = object && object->kind == seatmap::ObjectRef::Kind::Section;
    if (object && (!section || (objects.contains(*object) && !m_additive))) {
        if (m_additive) {
            if (objects.contains(*object))
                objects.removeOne(*object);
            else
                objects.append(*object);
            document->setSelection(seats, objects);
            return;
        }
        if (!objects.contains(*object)) {
            document->setSelection({}, {*object});
        }
        m_anchor = pos;
        m_phase = Phase::Moving;
        return;
    }
    m_phase = Phase::RubberBand;
    m_pressObject = object;
}

void SelectTool::moveTo(QPointF pos)
{
    Document *document = m_context->document;
    const QList<core::SeatRef> selected = document->selectedSeats();
    const QPointF target = snapPoint(document->venue(),
                                     *m_context->options,
                                     m_anchor + (pos - m_pressPos),
                                     QSet<core::SeatRef>(selected.cbegin(), selected.cend()));
    const QPointF step = target - m_anchor - m_moved;
    if (step.isNull())
        return;
    m_moved += step;
    document->undoStack()->push(new MoveObjects(document,
                                                document->selectedSeats(),
                                                document->selectedObjects(),
                                                step,
                                                m_dragId));
}

void SelectTool::mouseMoved(QMouseEvent *, QPointF pos)
{
    if (m_phase == Phase::Moving) {
        moveTo(pos);
    } else if (m_phase == Phase::RubberBand) {
        QPainterPath path;
        path.addRect(QRectF(m_pressPos, pos).normalized());
        setPreview(path);
    }
}

void SelectTool::mouseReleased(QMouseEvent *event, QPointF pos)
{
    if (event->button() != Qt::LeftButton)
        return;
    if (m_phase == Phase::RubberBand) {
        setPreview({});
        const QRectF rect = QRectF(m_pressPos, pos).normalized();
        Document *document = m_context->document;
        const bool click = rect.width() < m_context->options->seatSpacing * 0.2
                           && rect.height() < m_context->options->seatSpacing * 0.2;
        if (click) {
            QList<seatmap::ObjectRef> objects = m_additive ? document->selectedObjects()
                                                           : QList<seatmap::ObjectRef>();
            if (m_pressObject && !objects.contains(*m_pressObject))
                objects.append(*m_pressObject);
            document->setSelection(m_additive ? document->selectedSeats() : QList<core::SeatRef>(),
                                   objects);
            m_phase = Phase::Idle;
            return;
        }
        QList<core::SeatRef> seats = m_additive ? document->selectedSeats()
                                                : QList<core::SeatRef>();
        for (const core::SeatRef &ref : m_context->scene->seatsIn(rect)) {
            if (!seats.contains(ref))
                seats.append(ref);
        }
        document->setSelection(seats,
                               m_additive ? document->selectedObjects()
                                          : QList<seatmap::ObjectRef>());
    }
    m_phase = Phase::Idle;
}

void SelectTool::mouseDoubleClicked(QMouseEvent *event, QPointF pos)
{
    // Double-click: the whole row; with Ctrl the whole section.
    const auto seat = m_context->scene->seatAt(pos);
    if (!seat)
        return;
    Document *document = m_context->document;
    const core::Section &section = document->venue().sections.at(seat->section);
    QList<core::SeatRef> seats;
    for (int r = 0; r < section.rows.size(); ++r) {
        if (!(event->modifiers() & Qt::ControlModifier) && r != seat->row)
            continue;
        for (int i = 0; i < section.rows.at(r).seats.size(); ++i)
            seats.append({seat->section, r, i});
    }
    document->setSelection(seats);
    m_phase = Phase::Idle;
}

bool SelectTool::keyPressed(QKeyEvent *event)
{
    QPointF step;
    const double grid = m_context->options->snapToGrid ? m_context->options->gridSize : 10;
    const double distance = (event->modifiers() & Qt::ShiftModifier) ? grid * 10
                            : (event->modifiers() & Qt::AltModifier) ? 1
                                                                     : grid;
    switch (event->key()) {
    case Qt::Key_Left:
        step = {-distance, 0};
        break;
    case Qt::Key_Right:
        step = {distance, 0};
        break;
    case Qt::Key_Up:
        step = {0, -distance};
        break;
    case Qt::Key_Down:
        step = {0, distance};
        break;
    default:
        return AbstractTool::keyPressed(event);
    }
    Document *document = m_context->document;
    if (document->selectedSeats().isEmpty() && document->selectedObjects().isEmpty())
        return false;
    document->undoStack()->push(
        new MoveObjects(document, document->selectedSeats(), document->selectedObjects(), step));
    return true;
}

} // namespace boxoffice::editor
