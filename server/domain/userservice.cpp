// SPDX-License-Identifier: GPL-3.0-or-later
#include "userservice.h"

#include "auth/passwordhasher.h"
#include "auth/passwordpolicy.h"
#include "db/accountlinkrepository.h"
#include "db/database.h"
#include "db/staffrepository.h"
#include "db/userrepository.h"

#include <QRegularExpression>

namespace boxoffice::server::domain {

namespace {

// Deliberately plain: one @, something before it, a dotted domain after it, no spaces or
// control characters. Whether mail arrives is the mail's business.
bool isEmail(const QString &email)
{
    static const QRegularExpression pattern(
        QStringLiteral(R"(^[^\s@<>()\[\],;:"\\]+@[^\s@<>()\[\],;:"\\]+\.[^\s@<>()\[\],;:"\\.]+$)"));
    if (email.size() < 3 || email.size() > 254)
        return false;
    for (const QChar c : email) {
        if (c.category() == QChar::Other_Control)
            return false;
    }
    return pattern.match(email).hasMatch();
}

bool isLocale(const QString &locale)
{
    static const QRegularExpression pattern(QStringLiteral("^[a-z]{2}(-[A-Z]{2})?$"));
    return pattern.match(locale).hasMatch();
}

} // namespace

UserService::UserService(db::Database &database,
                         const auth::JwtSigner &signer,
                         TokenSettings settings,
                         LinkSettings links)
    : m_database(database)
    , m_signer(signer)
    , m_settings(std::move(settings))
    , m_links(links)
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

AccessToken UserService::tokenFor(const db::UserRow &user)
{
    const auto role = auth::roleFromString(user.role);
    QJsonObject claims = auth::accessClaims(user.username,
                                            *role,
                                            m_settings.issuer,
                                            m_settings.audience,
                                            m_settings.ttlSeconds);
    // A password reset raises the account's version: tokens issued before it are refused.
    claims.insert(u"sv", user.sessionVersion);
    return AccessToken{m_signer.sign(claims), m_settings.ttlSeconds, profileOf(user)};
}

Profile UserService::profileOf(const db::UserRow &user)
{
    return Profile{user.username, user.role, user.email, user.name, user.locale, user.emailVerified};
}

Result<AccessToken> UserService::signIn(const std::optional<db::UserRow> &user,
                                        const QByteArray &password,
                                        const QString &address,
                                        const QString &refusal)
{
    bool ok = false;
    if (user) {
        ok = auth::PasswordHasher::verify(password, user->passwordHash);
    } else {
        auth::PasswordHasher::verifyDummy(password); // same work, same timing
    }
    if (!ok || !auth::roleFromString(user->role))
        return Error(ErrorCode::Unauthenticated, refusal);
    // Said only after the password matched: a guesser learns nothing, the clerk learns why.
    if (user->disabled)
        return Error(ErrorCode::AccountDisabled,
                     QStringLiteral("this account is disabled; ask a manager"));
    if (user->role != u"fan")
        m_database.transact([&](db::Tx &tx) {
            db::StaffRepository::recordSignIn(tx, user->id, user->username, address);
        });
    return tokenFor(*user);
}

Result<AccessToken> UserService::login(const QString &username,
                                       const QByteArray &password,
                                       const QString &address)
{
    std::optional<db::UserRow> user;
    m_database.transact([&](db::Tx &tx) {
        user = db::UserRepository::findByName(tx, username);
        // A fan may type their email as the username, in any case.
        if (!user && username.contains(u'@'))
            user = db::UserRepository::findByEmail(tx, username);
    });
    return signIn(user, password, address, QStringLiteral("wrong username or password"));
}

Result<AccessToken> UserService::loginByEmail(const QString &email,
                                              const QByteArray &password,
                                              const QString &address)
{
    std::optional<db::UserRow> user;
    m_database.transact([&](db::Tx &tx) { user = db::UserRepository::findByEmail(tx, email); });
    return signIn(user, password, address, QStringLiteral("wrong email or password"));
}

Result<AccessToken> UserService::registerFan(const Registration &registration)
{
    const QString email = registration.email.trimmed();
    if (!isEmail(email))
        return Error(ErrorCode::BadRequest, QStringLiteral("`email` is not an email address"));
    const QString name = registration.name.trimmed();
    if (name.isEmpty() || name.size() > 200)
        return Error(ErrorCode::BadRequest, QStringLiteral("`name` must have 1-200 characters"));
    const QString locale = registration.locale.isEmpty() ? QStringLiteral("en")
                                                         : registration.locale;
    if (!isLocale(locale))
        return Error(ErrorCode::BadRequest, QStringLiteral("`locale` must look like en or es-ES"));
    const QString weakness = auth::PasswordPolicy::weakness(registration.password, email);
    if (!weakness.isEmpty())
        return Error(ErrorCode::WeakPassword, weakness);
    // Hashed before the transaction: scrypt takes a while and must not hold a connection.
    const QByteArray hash = auth::PasswordHasher::hash(registration.password.toUtf8());
    const LinkToken link = LinkToken::generate();
    std::optional<db::UserRow> created;
    m_database.transact([&](db::Tx &tx) {
        created = db::UserRepository::insertFan(tx, {email, hash, name, locale});
        // The verification mail goes with the account or not at all.
        if (created)
            db::AccountLinkRepository::issueForUser(tx,
                                                    created->id,
                                                    {QStringLiteral("verify"),
                                                     link.hash,
                                                     link.token,
                                                     m_links.verifySeconds,
                                                     0});
    });
    if (!created)
        return Error(ErrorCode::EmailTaken, QStringLiteral("an account with this email exists"));
    return tokenFor(*created);
}

Profile UserService::profile(const QString &subject, const QString &role)
{
    std::optional<db::UserRow> user;
    m_database.transact([&](db::Tx &tx) { user = db::UserRepository::findByName(tx, subject); });
    if (!user)
        return Profile{subject, role, {}, {}, {}};
    Profile out = profileOf(*user);
    out.role = role;
    return out;
}

} // namespace boxoffice::server::domain
