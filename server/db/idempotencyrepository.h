#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace boxoffice::server::db {

class Tx;

/// A stored first answer for an idempotency key.
struct StoredAnswer
{
    QByteArray requestHash;
    int status = 0;
    QJsonObject body;
};

/// Idempotency keys per (owner, operation, key), valid 24 hours.
class IdempotencyRepository
{
public:
    /// Claims the key inside `tx` (a concurrent claim of the same key waits for this transaction).
    /// nullopt when claimed; otherwise the answer stored by the earlier request.
    static std::optional<StoredAnswer> claim(Tx &tx,
                                             const QString &owner,
                                             const QString &operation,
                                             const QString &key,
                                             const QByteArray &requestHash);
    /// Records the answer of a claimed key.
    static void complete(Tx &tx,
                         const QString &owner,
                         const QString &operation,
                         const QString &key,
                         int status,
                         const QJsonObject &body);
    /// Stores an answer unless the key already has one (for errors, after the rollback).
    static void storeIfAbsent(Tx &tx,
                              const QString &owner,
                              const QString &operation,
                              const QString &key,
                              const QByteArray &requestHash,
                              int status,
                              const QJsonObject &body);
    /// Deletes keys older than 24 hours; returns how many.
    static int purgeExpired(Tx &tx);
};

} // namespace boxoffice::server::db
