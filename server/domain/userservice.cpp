#include "userservice.h"

#include "auth/passwordhasher.h"
#include "db/database.h"
#include "db/userrepository.h"

namespace boxoffice::server::domain {

UserService::UserService(db::Database &database,
                         const auth::JwtSigner &signer,
                         TokenSettings settings)
    : m_database(database)
    , m_signer(signer)
    , m_settings(std::move(settings))
{}

void UserService::createUser(const QString &username,
                             const QByteArray &password,
                             const QString &role)
{
    if (username.isEmpty() || username.size() > 255)
        throw Error(ErrorCode::BadRequest,
                    QStringLiteral("the username must have 1-255 characters"));
    if (!auth::roleFromString(role))
        throw Error(ErrorCode::BadRequest,
                    QStringLiteral("role must be fan, clerk, manager or admin"));
    if (password.size() < 8)
        throw Error(ErrorCode::BadRequest,
                    QStringLiteral("the password needs at least 8 characters"));
    const QByteArray hash = auth::PasswordHasher::hash(password);
    m_database.transact([&](db::Tx &tx) { db::UserRepository::upsert(tx, username, hash, role); });
}

Response UserService::login(const QString &username, const QByteArray &password)
{
    std::optional<db::UserRow> user;
    m_database.transact([&](db::Tx &tx) { user = db::UserRepository::findByName(tx, username); });
    bool ok = false;
    if (user) {
        ok = auth::PasswordHasher::verify(password, user->passwordHash);
    } else {
        auth::PasswordHasher::verifyDummy(password); // same work, same timing
    }
    const auto role = user ? auth::roleFromString(user->role) : std::nullopt;
    if (!ok || !role)
        throw Error(ErrorCode::Unauthenticated, QStringLiteral("wrong username or password"));
    const QByteArray token = m_signer.sign(auth::accessClaims(user->username,
                                                              *role,
                                                              m_settings.issuer,
                                                              m_settings.audience,
                                                              m_settings.ttlSeconds));
    return Response{200,
                    QJsonObject{{QStringLiteral("access_token"), QString::fromLatin1(token)},
                                {QStringLiteral("token_type"), QStringLiteral("Bearer")},
                                {QStringLiteral("expires_in"), double(m_settings.ttlSeconds)},
                                {QStringLiteral("role"), user->role}}};
}

} // namespace boxoffice::server::domain
