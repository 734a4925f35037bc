// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "dbfwd.h"
#include "result.h"

#include <functional>
#include <optional>

namespace boxoffice::server::domain {

/// Runs `body` in one transaction of `database` (retried as Database::transact retries); a
/// rule it breaks (a thrown Error) rolls it back and propagates.
void runInTransaction(db::Database &database, const std::function<void(db::Tx &)> &body);

/// What `body` answers in one transaction of `database`, or the Error that rolled it back.
template<class T>
Result<T> resultInTransaction(db::Database &database, const std::function<T(db::Tx &)> &body)
{
    return resultOf([&] {
        std::optional<T> answer;
        runInTransaction(database, [&](db::Tx &tx) { answer.emplace(body(tx)); });
        return std::move(*answer);
    });
}

} // namespace boxoffice::server::domain
