#pragma once

#include "response.h"

#include <functional>

namespace boxoffice::server::db {
class Database;
class Tx;
} // namespace boxoffice::server::db

namespace boxoffice::server::domain {

/// Runs `body` in one transaction of `database` and returns its answer; a rule it breaks (a
/// thrown Error) rolls the transaction back and becomes the answer (problem+json).
Response answerInTransaction(db::Database &database, const std::function<Response(db::Tx &)> &body);

} // namespace boxoffice::server::domain
