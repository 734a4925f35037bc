// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The database and its transaction as domain's headers name them: declared, not included,
// because the transports (http, ws, api) include those headers and must not see db/.

namespace boxoffice::server::db {
class Database;
class Tx;
} // namespace boxoffice::server::db
