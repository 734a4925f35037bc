#pragma once

#include "auth/jwt.h"
#include "error.h"

namespace boxoffice::server::db {
class Database;
}

namespace boxoffice::server::domain {

/// Settings for issuing access tokens.
struct TokenSettings
{
    QString issuer;
    QString audience;
    qint64 ttlSeconds = 3600;
};

/// Staff accounts: creation (CLI) and login (password -> access token).
class UserService
{
public:
    UserService(db::Database &database, const auth::JwtSigner &signer, TokenSettings settings);

    /// Creates or updates a staff account; throws Error(BadRequest) for an invalid name/role.
    void createUser(const QString &username, const QByteArray &password, const QString &role);
    /// 200 with a token, or 401 with one answer for unknown users and wrong passwords alike.
    Response login(const QString &username, const QByteArray &password);

private:
    db::Database &m_database;
    const auth::JwtSigner &m_signer;
    TokenSettings m_settings;
};

} // namespace boxoffice::server::domain
