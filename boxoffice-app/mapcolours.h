// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eventinfo.h"

#include <core/venue.h>

#include <QColor>
#include <QList>

namespace boxoffice::app {

/// The colours of the selling map. States, flags and categories never share a colour: a
/// category that comes too close to a state, a flag or another category is shown in another
/// colour (seatmap::SeatColours::distinct); held and sold seats also carry a mark (ring, cross).
namespace MapColours {

QColor mine();    ///< bright green: this basket
QColor held();    ///< pale lilac with a white ring: held by someone else
QColor sold();    ///< grey with a white cross
QColor blocked(); ///< near black
/// Teal: held back for an allocation that a manager lets the counter sell (as the manager's
/// hold-back tab shows allocations).
QColor allocation();
QColor flag(); ///< wheelchair / companion marks
/// The colour of a seat status at this counter ("mine" = in this basket); invalid for
/// "available" (the category colour).
QColor status(const QString &status);
/// Registers the held and sold marks with the seat map (idempotent).
void registerMarks();
/// Gives `venue`'s and `event`'s categories the colours the map shows.
void makeDistinct(core::Venue &venue, EventInfo &event);

} // namespace MapColours

} // namespace boxoffice::app
