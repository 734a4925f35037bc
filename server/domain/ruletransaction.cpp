// SPDX-License-Identifier: GPL-3.0-or-later
#include "ruletransaction.h"

#include "db/database.h"

namespace boxoffice::server::domain {

void runInTransaction(db::Database &database, const std::function<void(db::Tx &)> &body)
{
    database.transact(body);
}

} // namespace boxoffice::server::domain
