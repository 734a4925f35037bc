// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/venue.h>
#include <core/venueissue.h>

namespace boxoffice::core {

/// Checks the rules of a venue that JSON types cannot express: ids present and unique, categories
/// known, numbers finite and in range, capacities not negative. Paths use the `.venue.json`
/// layout ("$.sections[0].rows[2].seats[5].id"), so they match the file the venue was read from.
class VenueValidator
{
public:
    /// Adds every problem of `venue` to `issues`.
    static void validate(const Venue &venue, IssueList &issues);
    /// Every problem of `venue` (e.g. one built by an editor or an import).
    static QList<VenueIssue> validate(const Venue &venue);
};

} // namespace boxoffice::core
