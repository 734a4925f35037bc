// SPDX-License-Identifier: GPL-3.0-or-later
#include "rotateobjects.h"

#include "moveobjects.h"

#include <core/geometry.h>

#include <QCoreApplication>
#include <QTransform>

namespace boxoffice::editor {

RotateObjects::RotateObjects(Document *document,
                             const QList<core::SeatRef> &seats,
                             const QList<seatmap::ObjectRef> &objects,
                             double degrees,
                             QPointF centre)
    : VenueCommand(document,
                   QCoreApplication::translate("boxoffice::editor::Commands", "Rotate"),
                   eventFor(seats, objects))
{
    QTransform t;
    t.translate(centre.x(), centre.y());
    t.rotate(degrees);
    t.translate(-centre.x(), -centre.y());
    transformObjects(m_other, seats, objects, t);
}

QPointF selectionCentre(const core::Venue &venue,
                        const QList<core::SeatRef> &seats,
                        const QList<seatmap::ObjectRef> &objects)
{
    QRectF bounds;
    auto add = [&bounds](QPointF p) { bounds |= QRectF(p, QSizeF(1e-9, 1e-9)); };
    for (const core::SeatRef &ref : seats) {
        if (venue.isValid(ref))
            add(venue.seat(ref).position);
    }
    for (const seatmap::ObjectRef &ref : objects) {
        if (ref.kind == seatmap::ObjectRef::Kind::Section && ref.index < venue.sections.size())
            bounds |= core::geometry::boundingRect(venue.sections.at(ref.index));
        else if (ref.kind == seatmap::ObjectRef::Kind::GaArea && ref.index < venue.gaAreas.size())
            bounds |= venue.gaAreas.at(ref.index).outline.boundingRect();
        else if (ref.kind == seatmap::ObjectRef::Kind::Shape && ref.index < venue.shapes.size())
            bounds |= core::geometry::boundingRect(venue.shapes.at(ref.index));
        else if (ref.kind == seatmap::ObjectRef::Kind::FocalPoint)
            add(venue.focalPoint);
    }
    return bounds.center();
}

} // namespace boxoffice::editor
