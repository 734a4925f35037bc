// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QDateTime>
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
    QByteArray bodyText; ///< `body` as the database keeps it (JSON text), for typed answers
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
    /// Records the answer of a claimed key.
    static void complete(Tx &tx,
                         const QString &owner,
                         const QString &operation,
                         const QString &key,
                         int status,
                         const QJsonObject &body);
    /// complete() for an answer that is JSON text already (a typed answer's stored form).
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
                              const QJsonObject &body);
    /// storeIfAbsent() for an answer that is JSON text already.
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
