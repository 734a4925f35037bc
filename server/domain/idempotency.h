#pragma once

#include "response.h"

#include <functional>
#include <optional>

namespace boxoffice::server::db {
class Database;
class Tx;
} // namespace boxoffice::server::db

namespace boxoffice::server::domain {

/// Runs an operation at most once per (owner, operation, key): the first answer (success or
/// rule error) is stored with a hash of the request and replayed for the same request; the same
/// key with another request is 409 `idempotency_conflict`. Used by holds and, later, orders.
class Idempotency
{
public:
    explicit Idempotency(db::Database &database)
        : m_database(database)
    {}

    /// Keys are 1-255 printable ASCII characters; throws Error(BadRequest) otherwise.
    static void validateKey(const QString &key);
    /// SHA-256 of the canonical JSON of `request`.
    static QByteArray hashRequest(const QJsonObject &request);

    /// Runs `body` in one transaction together with the key claim. `body` returns the answer,
    /// or throws Error to roll back (the error answer is then stored on its own).
    Response run(const QString &owner,
                 const QString &operation,
                 const std::optional<QString> &key,
                 const QJsonObject &request,
                 const std::function<Response(db::Tx &)> &body);

private:
    db::Database &m_database;
};

} // namespace boxoffice::server::domain
