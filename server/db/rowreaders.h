// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Private to db/: readers of the rows that several repositories select. Includes libpqxx.

#include "boxofficerepository.h"
#include "db/rows/order.h"

#include <pqxx/pqxx>

#include <optional>

/// A shift's columns in the order firstShift() reads them.
#define SHIFT_COLUMNS \
    "id, clerk, status, float_cents, counted_cents, opened_at::text, coalesce(closed_at::text, " \
    "'')"

namespace boxoffice::server::db {

/// The shift in the result's first row (selected as SHIFT_COLUMNS); nullopt when there is none.
std::optional<ShiftRow> firstShift(const pqxx::result &result);

/// A ticket from columns id, event id, seat id, GA id, code, status (no price).
Ticket ticketFromRow(const pqxx::row &row);

} // namespace boxoffice::server::db
