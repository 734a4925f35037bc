#pragma once

#include "auth/jwt.h"
#include "response.h"

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

/// Accounts: staff creation (CLI), fans' sign-up, and login (password -> access token).
class UserService
{
public:
    UserService(db::Database &database, const auth::JwtSigner &signer, TokenSettings settings);

    /// Creates or updates a staff account; throws Error(BadRequest) for an invalid name/role.
    void createUser(const QString &username, const QByteArray &password, const QString &role);
    /// 200 with a token, or 401 with one answer for unknown users and wrong passwords alike.
    Response login(const QString &username, const QByteArray &password);
    /// Like login(), by email (fans; staff whose username is an email are found too).
    Response loginByEmail(const QString &email, const QByteArray &password);
    /// 201 with a token as login() for a new fan; 409 `email_taken`, 422 `weak_password`, 400
    /// for a malformed email, name or locale.
    Response registerFan(const Registration &registration);
    /// 200 `{"sub","role","email","name","locale"}` for the caller (the last three null for
    /// accounts without them).
    Response profile(const QString &subject, const QString &role);

private:
    Response tokenFor(int status, const db::UserRow &user);

    db::Database &m_database;
    const auth::JwtSigner &m_signer;
    TokenSettings m_settings;
};

} // namespace boxoffice::server::domain
