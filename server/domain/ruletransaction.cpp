// SPDX-License-Identifier: GPL-3.0-or-later
#include "ruletransaction.h"

#include "db/database.h"

namespace boxoffice::server::domain {

void runInTransaction(db::Database &database, const std::function<void(db::Tx &)> &body)
{
    database.transact(body);
}

Response answerInTransaction(db::Database &database, const std::function<Response(db::Tx &)> &body)
{
    try {
        Response answer;
        database.transact([&](db::Tx &tx) { answer = body(tx); });
        return answer;
    } catch (const Error &error) {
        return Response::fromError(error);
    }
}

} // namespace boxoffice::server::domain
