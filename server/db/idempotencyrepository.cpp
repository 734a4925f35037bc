// SPDX-License-Identifier: GPL-3.0-or-later
#include "idempotencyrepository.h"

#include "statement.h"

namespace boxoffice::server::db {

namespace {

const Statement kClaim{
    "idem_claim",
    "INSERT INTO idempotency_keys (owner, operation, key, request_hash, status_code, body)"
    " VALUES ($1, $2, $3, $4, 0, '{}')"
    " ON CONFLICT (owner, operation, key) DO UPDATE SET request_hash = EXCLUDED.request_hash,"
    "   status_code = 0, body = '{}', created_at = now()"
    "   WHERE idempotency_keys.created_at < now() - interval '24 hours'"
    " RETURNING 1"};
const Statement
    kRead{"idem_read",
          "SELECT request_hash, status_code, body::text,"
          " (extract(epoch FROM clock_timestamp()) * 1000)::bigint FROM idempotency_keys"
          " WHERE owner = $1 AND operation = $2 AND key = $3"};
const Statement kComplete{"idem_complete",
                          "UPDATE idempotency_keys SET status_code = $4, body = $5::jsonb"
                          " WHERE owner = $1 AND operation = $2 AND key = $3"};
const Statement
    kStore{"idem_store",
           "INSERT INTO idempotency_keys (owner, operation, key, request_hash, status_code, body)"
           " VALUES ($1, $2, $3, $4, $5, $6::jsonb) ON CONFLICT DO NOTHING"};
const Statement
    kPurge{"idem_purge",
           "DELETE FROM idempotency_keys WHERE created_at < now() - interval '24 hours'"};

} // namespace

std::optional<StoredAnswer> IdempotencyRepository::claim(Tx &tx,
                                                         const QString &owner,
                                                         const QString &operation,
                                                         const QString &key,
                                                         const QByteArray &requestHash)
{
    if (!exec(tx, kClaim, str(owner), str(operation), str(key), requestHash.toStdString()).empty())
        return std::nullopt;
    const auto result = exec(tx, kRead, str(owner), str(operation), str(key));
    if (result.empty())
        return std::nullopt; // purged in between: treat as new, the insert will tell
    const auto row = result[0];
    const QByteArray body(row[2].c_str(), qsizetype(row[2].size()));
    return StoredAnswer{QByteArray(row[0].c_str()),
                        row[1].as<int>(),
                        body,
                        QDateTime::fromMSecsSinceEpoch(row[3].as<qint64>(), Qt::UTC)};
}

void IdempotencyRepository::complete(Tx &tx,
                                     const QString &owner,
                                     const QString &operation,
                                     const QString &key,
                                     int status,
                                     const QByteArray &bodyText)
{
    exec(tx, kComplete, str(owner), str(operation), str(key), status, bodyText.toStdString());
}

void IdempotencyRepository::storeIfAbsent(Tx &tx,
                                          const QString &owner,
                                          const QString &operation,
                                          const QString &key,
                                          const QByteArray &requestHash,
                                          int status,
                                          const QByteArray &bodyText)
{
    exec(tx,
         kStore,
         str(owner),
         str(operation),
         str(key),
         requestHash.toStdString(),
         status,
         bodyText.toStdString());
}

int IdempotencyRepository::purgeExpired(Tx &tx)
{
    return int(exec(tx, kPurge).affected_rows());
}

} // namespace boxoffice::server::db
