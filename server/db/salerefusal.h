// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "holdrepository.h"

#include <pqxx/except>

#include <optional>

namespace boxoffice::server::db {

/// Why the holds trigger of migration 0065 (db/sql/holds_refuse_before_sale.sql) refused a hold:
/// NotOnSale, SalePaused, EventCancelled or OffSale; nullopt for any other error.
std::optional<HoldOutcome> saleRefusal(const pqxx::sql_error &error);

} // namespace boxoffice::server::db
