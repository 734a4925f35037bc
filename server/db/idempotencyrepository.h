// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QString>

#include <optional>

namespace boxoffice::server::db {

class Tx;

/// A stored first answer for an idempotency key.
struct StoredAnswer
{
    QByteArray requestHash;
    int status = 0;
    QByteArray bodyText; ///< the answer's JSON text, as the database keeps it
    QDateTime readAt;    ///< the database's clock when the answer was read
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
    /// Records the answer of a claimed key: its status and JSON text (a typed answer's stored
    /// form).
    static void complete(Tx &tx,
                         const QString &owner,
                         const QString &operation,
                         const QString &key,
                         int status,
                         const QByteArray &bodyText);
    /// Stores an answer unless the key already has one (for errors, after the rollback).
    static void storeIfAbsent(Tx &tx,
                              const QString &owner,
                              const QString &operation,
                              const QString &key,
                              const QByteArray &requestHash,
                              int status,
                              const QByteArray &bodyText);
    /// Deletes keys older than 24 hours; returns how many.
    static int purgeExpired(Tx &tx);
};

} // namespace boxoffice::server::db
