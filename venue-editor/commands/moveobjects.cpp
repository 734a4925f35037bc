// SPDX-License-Identifier: GPL-3.0-or-later
#include "moveobjects.h"

#include "../document.h"

#include <QCoreApplication>
#include <QTransform>

#include <cmath>

namespace boxoffice::editor {

namespace {

QPointF rounded(QPointF p)
{
    // Keeps files short and positions exact after many nudges.
    return QPointF(std::round(p.x() * 100) / 100, std::round(p.y() * 100) / 100);
}

QPolygonF mapped(const QTransform &t, const QPolygonF &polygon)
{
    QPolygonF result;
    result.reserve(polygon.size());
    for (const QPointF &p : polygon)
        result.append(rounded(t.map(p)));
    return result;
}

} // namespace

void transformObjects(core::Venue &venue,
                      const QList<core::SeatRef> &seats,
                      const QList<seatmap::ObjectRef> &objects,
                      const QTransform &transform)
{
    // A section moves with its seats; its seats listed on their own must not move twice.
    QList<int> wholeSections;
    for (const seatmap::ObjectRef &ref : objects) {
        if (ref.kind == seatmap::ObjectRef::Kind::Section)
            wholeSections.append(ref.index);
    }
    for (const core::SeatRef &ref : seats) {
        if (!venue.isValid(ref) || wholeSections.contains(ref.section))
            continue;
        core::Seat &seat = venue.seat(ref);
        seat.position = rounded(transform.map(seat.position));
    }
    const double angle = std::atan2(transform.m12(), transform.m11()) * 180 / M_PI;
    for (const seatmap::ObjectRef &ref : objects) {
        switch (ref.kind) {
        case seatmap::ObjectRef::Kind::Section:
            if (ref.index >= 0 && ref.index < venue.sections.size()) {
                core::Section &section = venue.sections[ref.index];
                section.outline = mapped(transform, section.outline);
                for (core::Row &row : section.rows) {
                    for (core::Seat &seat : row.seats)
                        seat.position = rounded(transform.map(seat.position));
                }
            }
            break;
        case seatmap::ObjectRef::Kind::GaArea:
            if (ref.index >= 0 && ref.index < venue.gaAreas.size())
                venue.gaAreas[ref.index].outline = mapped(transform,
                                                          venue.gaAreas[ref.index].outline);
            break;
        case seatmap::ObjectRef::Kind::Shape:
            if (ref.index >= 0 && ref.index < venue.shapes.size()) {
                core::Shape &shape = venue.shapes[ref.index];
                if (shape.kind == core::Shape::Kind::Polygon) {
                    shape.points = mapped(transform, shape.points);
                } else {
                    const QPointF centre = shape.kind == core::Shape::Kind::Text
                                               ? shape.rect.topLeft()
                                               : shape.rect.center();
                    const QPointF moved = rounded(transform.map(centre)) - centre;
                    shape.rect.translate(moved);
                    if (!qFuzzyIsNull(angle))
                        shape.rotation = std::fmod(shape.rotation + angle + 360, 360.0);
                }
            }
            break;
        case seatmap::ObjectRef::Kind::FocalPoint:
            venue.focalPoint = rounded(transform.map(venue.focalPoint));
            break;
        }
    }
}

ChangeEvent eventFor(const QList<core::SeatRef> &seats, const QList<seatmap::ObjectRef> &objects)
{
    QList<int> sections = sectionsOf(seats);
    bool others = false;
    for (const seatmap::ObjectRef &ref : objects) {
        if (ref.kind == seatmap::ObjectRef::Kind::Section) {
            if (!sections.contains(ref.index))
                sections.append(ref.index);
        } else {
            others = true;
        }
    }
    if (others)
        return {ChangeEvent::Kind::Venue, {}};
    return {ChangeEvent::Kind::Sections, sections};
}

MoveObjects::MoveObjects(Document *document,
                         const QList<core::SeatRef> &seats,
                         const QList<seatmap::ObjectRef> &objects,
                         QPointF delta,
                         int dragId)
    : VenueCommand(document,
                   QCoreApplication::translate("boxoffice::editor::Commands", "Move"),
                   eventFor(seats, objects))
    , m_seats(seats)
    , m_objects(objects)
    , m_delta(delta)
    , m_dragId(dragId)
{
    transformObjects(m_other, seats, objects, QTransform::fromTranslate(delta.x(), delta.y()));
}

bool MoveObjects::mergeWith(const QUndoCommand *other)
{
    const auto *move = static_cast<const MoveObjects *>(other);
    if (m_dragId == 0 || move->m_dragId != m_dragId || move->m_seats != m_seats
        || move->m_objects != m_objects)
        return false;
    // This command keeps the venue from before the first move; the document has the latest.
    m_delta += move->m_delta;
    if (m_document->venue() == m_other)
        setObsolete(true);
    return true;
}

} // namespace boxoffice::editor
