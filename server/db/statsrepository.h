// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/eventstats.h"

#include <optional>

namespace boxoffice::server::db {

class Tx;

/// The back office's figures of an event, read in one snapshot (a repeatable-read transaction)
/// so that the counts add up to the capacity.
class StatsRepository
{
public:
    /// nullopt for an unknown event.
    static std::optional<EventStats> eventStats(Tx &tx, const QString &eventId);
};

} // namespace boxoffice::server::db
