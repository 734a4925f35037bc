// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

namespace boxoffice::core {

/// An event's places (seats and standing places) by what they are now, as the server counts them
/// for GET /events/{id}/stats and the back office shows them. Every place is in exactly one.
struct PlaceCounts
{
    qint64 available = 0;
    qint64 held = 0;
    qint64 sold = 0;
    qint64 comps = 0;
    qint64 kill = 0;
    qint64 house = 0;
    qint64 allocation = 0;

    qint64 heldBack() const { return kill + house + allocation; }
    qint64 capacity() const { return available + held + sold + comps + heldBack(); }
};

} // namespace boxoffice::core
