// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Private to db/: called where an event's seats are written.

#include "statement.h"

namespace boxoffice::server::db {

/// Refreshes the planner's statistics of the inventory's events once a new event's seats are in.
/// Statistics that know only older events expect one row for the new one, and PostgreSQL then
/// finds each seat by walking the event's rows (seconds per relay batch and slower holds in
/// bench_shop; tests/server/realtime/tst_neweventstatistics). Only the event column: cheap.
inline void analyzeNewEventSeats(Tx &tx)
{
    tx.work().exec0("ANALYZE inventory (event_id)");
}

} // namespace boxoffice::server::db
