// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/venue.h>

namespace boxoffice::core {

/// Generates a plausible stadium: a bowl of curved sections (wedges in tiers) around a pitch,
/// rows as arcs around the centre, about `seatCount` seats (exactly, unless fewer than one row).
/// Deterministic; used by `venue-editor --generate stadium` and benchmarks.
class StadiumGenerator
{
public:
    static constexpr int kWedges = 24;
    static constexpr int kRowsPerTier = 25;

    static Venue generate(int seatCount);
};

} // namespace boxoffice::core
