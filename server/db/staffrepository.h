// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>

#include <optional>

namespace boxoffice::server::db {

class Tx;

/// A staff account as the back office lists it (never its password hash).
struct StaffRow
{
    qint64 id = 0;
    QString username;
    QString role;
    bool disabled = false;
    QDateTime createdAt;
    QDateTime lastSignInAt; ///< invalid: never signed in
};

/// What PATCH /staff/{id} changes; unset members stay as they are.
struct StaffChange
{
    std::optional<bool> disabled;
    std::optional<QString> role;
    std::optional<QByteArray> passwordHash;
};

/// One successful staff sign-in.
struct SignInRow
{
    QString username;
    QDateTime at;
    QString address;
};

/// The account behind a token's subject, as the authenticator checks it per staff request.
struct AccountState
{
    QString role;
    bool disabled = false;
};

/// Staff accounts (the staff roles' rows of `users`) and their sign-ins (`staff_sign_ins`).
class StaffRepository
{
public:
    /// Every staff account (door, clerk, manager, admin), by id.
    static QList<StaffRow> list(Tx &tx);
    /// Inserts an account; nullopt when the username is taken (the unique index decides).
    static std::optional<StaffRow> insert(Tx &tx,
                                          const QString &username,
                                          const QByteArray &passwordHash,
                                          const QString &role);
    /// The staff account `id`, locked until the transaction ends (concurrent changes queue).
    static std::optional<StaffRow> lock(Tx &tx, qint64 id);
    /// Applies `change` to the account `id` and returns it as it is now.
    static StaffRow update(Tx &tx, qint64 id, const StaffChange &change);
    /// Records a sign-in of `userId` and sets its last_sign_in_at.
    static void recordSignIn(Tx &tx, qint64 userId, const QString &username, const QString &address);
    /// The newest `limit` sign-ins, newest first.
    static QList<SignInRow> signIns(Tx &tx, int limit);
    /// The role and disabled flag of the account named `username`; nullopt when there is none.
    static std::optional<AccountState> state(Tx &tx, const QString &username);
};

} // namespace boxoffice::server::db
