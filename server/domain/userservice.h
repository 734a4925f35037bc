// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "auth/jwt.h"
#include "linktoken.h"
#include "result.h"

#include <optional>

namespace boxoffice::server::db {
class Database;
struct UserRow;
} // namespace boxoffice::server::db

namespace boxoffice::server::domain {

/// Settings for issuing access tokens.
struct TokenSettings
{
    QString issuer;
    QString audience;
    qint64 ttlSeconds = 3600;
};

/// A fan's sign-up as the API receives it.
struct Registration
{
    QString email;
    QString password;
    QString name;
    QString locale; ///< empty: "en"
};

/// The caller's account as GET /me shows it (email, name and locale empty for staff).
struct Profile
{
    QString subject;
    QString role;
    QString email;
    QString name;
    QString locale;
    bool emailVerified = false; ///< fans: they followed a mailed link
};

/// A signed-in account: its access token and the profile it was issued for.
struct AccessToken
{
    QByteArray token;
    qint64 expiresInSeconds = 0;
    Profile profile;
};

/// Accounts: staff creation (CLI), fans' sign-up, and login (password -> access token).
class UserService
{
public:
    /// `links`: how long the verification link mailed at sign-up lives.
    UserService(db::Database &database,
                const auth::JwtSigner &signer,
                TokenSettings settings,
                LinkSettings links = {});

    /// Creates or updates a staff account; throws Error(BadRequest) for an invalid name/role.
    void createUser(const QString &username, const QByteArray &password, const QString &role);
    /// A token, or Unauthenticated with one answer for unknown users and wrong passwords alike;
    /// AccountDisabled for a disabled account, told only to whoever knows its password. A
    /// staff sign-in is recorded (from `address`) for GET /staff/sign-ins.
    Result<AccessToken> login(const QString &username,
                              const QByteArray &password,
                              const QString &address = {});
    /// Like login(), by email (fans; staff whose username is an email are found too).
    Result<AccessToken> loginByEmail(const QString &email,
                                     const QByteArray &password,
                                     const QString &address = {});
    /// A token for a new fan, whose verification mail is queued in the same transaction;
    /// EmailTaken, WeakPassword, or BadRequest for a malformed email,
    /// name or locale.
    Result<AccessToken> registerFan(const Registration &registration);
    /// The caller's profile (email, name and locale empty for accounts without them).
    Profile profile(const QString &subject, const QString &role);
    /// A token for `user` (signed in now), carrying its session version (`sv`).
    AccessToken tokenFor(const db::UserRow &user);
    static Profile profileOf(const db::UserRow &user);

private:
    /// The password check and what follows it, for both ways of signing in.
    Result<AccessToken> signIn(const std::optional<db::UserRow> &user,
                               const QByteArray &password,
                               const QString &address,
                               const QString &refusal);

    db::Database &m_database;
    const auth::JwtSigner &m_signer;
    TokenSettings m_settings;
    LinkSettings m_links;
};

} // namespace boxoffice::server::domain
