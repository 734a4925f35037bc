// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

namespace boxoffice::server::db {

class Tx;

/// An account row: staff (username only) or fan (email, name, locale too).
struct UserRow
{
    qint64 id = 0;
    QString username;
    QByteArray passwordHash;
    QString role;
    QString email; ///< empty for staff
    QString name;
    QString locale;
    bool disabled = false;      ///< a staff account a manager disabled (0093)
    bool emailVerified = false; ///< the fan followed a verification or reset link (0096)
    int sessionVersion = 0;     ///< tokens with an older `sv` are refused (0096)
};

/// An account whose sessions were reset (its tokens below `sessionVersion` are refused).
struct SessionReset
{
    QString username;
    int sessionVersion = 0;
};

/// What a fan's sign-up records.
struct NewFan
{
    QString email;
    QByteArray passwordHash;
    QString name;
    QString locale;
};

/// Accounts (table `users`).
class UserRepository
{
public:
    static std::optional<UserRow> findByName(Tx &tx, const QString &username);
    /// The account whose email is `email`, whatever the case of either.
    static std::optional<UserRow> findByEmail(Tx &tx, const QString &email);
    /// Inserts or, when the name exists, replaces password and role.
    static void upsert(Tx &tx, const QString &username, const QByteArray &hash, const QString &role);
    /// Inserts a fan named by the email in lower case; nullopt when the email or that name is
    /// taken (the unique indexes decide, so concurrent sign-ups cannot both succeed).
    static std::optional<UserRow> insertFan(Tx &tx, const NewFan &fan);
    /// Marks the account's email verified (once; later calls keep the first time).
    static std::optional<UserRow> markVerified(Tx &tx, qint64 id);
    /// Sets a new password hash and starts a new session version: every older token of the
    /// account is refused from now on. Following a mailed link also proves the email.
    static std::optional<UserRow> resetPassword(Tx &tx, qint64 id, const QByteArray &hash);
    /// Accounts whose sessions were reset after `sinceMs` (ms since the epoch); `nowMs` gets
    /// the database's clock, the next call's `sinceMs`.
    static QList<SessionReset> sessionResetsSince(Tx &tx, qint64 sinceMs, qint64 *nowMs);
    /// Forgets erased names whose tokens have all expired (migration 0130).
    static void forgetEndedSessions(Tx &tx);
};

} // namespace boxoffice::server::db
