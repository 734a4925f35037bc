// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/venue.h>
#include <core/venueissue.h>

namespace boxoffice::core {

/// Checks of a venue's drawing that an editor shows live: overlapping seats, seats outside their
/// section's outline, seats without a category, GA areas without capacity. Called by
/// VenueValidator::validate(); paths use the `.venue.json` layout.
class VenueLayoutChecks
{
public:
    /// Seat centres closer than this (venue units) are "overlapping".
    static constexpr double kMinSeatDistance = 5.0;

    /// Adds every layout problem of `venue` to `issues`.
    static void check(const Venue &venue, IssueList &issues);
};

} // namespace boxoffice::core
