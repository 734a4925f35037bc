// SPDX-License-Identifier: GPL-3.0-or-later
#include "accountlinks.h"

#include "auth/passwordhasher.h"
#include "auth/passwordpolicy.h"
#include "db/accountlinkrepository.h"
#include "db/database.h"
#include "db/userrepository.h"
#include "sessionrevocations.h"

namespace boxoffice::server::domain {

namespace {

const QString kVerify = QStringLiteral("verify");
const QString kReset = QStringLiteral("reset");

// Why a link cannot be used; the codes are stable so the shop can say it in the fan's words.
Error refusal(const std::optional<db::AccountLinkState> &state)
{
    if (!state)
        return Error(ErrorCode::LinkInvalid, QStringLiteral("this link is not valid"));
    if (state->state == u"used")
        return Error(ErrorCode::LinkUsed, QStringLiteral("this link was used already"));
    return Error(ErrorCode::LinkExpired,
                 QStringLiteral("this link has expired or a newer one replaced it"));
}

} // namespace

AccountLinks::AccountLinks(db::Database &database,
                           UserService &users,
                           SessionRevocations &revocations,
                           LinkSettings settings)
    : m_database(database)
    , m_users(users)
    , m_revocations(revocations)
    , m_settings(settings)
{}

void AccountLinks::requestReset(const QString &email)
{
    // Made whether or not the address has an account: the same work either way.
    const LinkToken link = LinkToken::generate();
    m_database.transact([&](db::Tx &tx) {
        db::AccountLinkRepository::issueByEmail(tx,
                                                email.trimmed(),
                                                {kReset,
                                                 link.hash,
                                                 link.token,
                                                 m_settings.resetSeconds,
                                                 m_settings.cooldownSeconds});
    });
}

Result<AccessToken> AccountLinks::confirmReset(const QString &token, const QString &password)
{
    const QByteArray hash = LinkToken::hashOf(token);
    std::optional<db::AccountLinkState> state;
    m_database.transact(
        [&](db::Tx &tx) { state = db::AccountLinkRepository::state(tx, kReset, hash); });
    if (!state || state->state != u"live")
        return refusal(state);
    const QString weakness = auth::PasswordPolicy::weakness(password, state->email);
    if (!weakness.isEmpty())
        return Error(ErrorCode::WeakPassword, weakness);
    // scrypt before the transaction: it takes a while and must not hold a connection. The link
    // is used only in the transaction that sets the password.
    const QByteArray passwordHash = auth::PasswordHasher::hash(password.toUtf8());
    std::optional<db::UserRow> user;
    m_database.transact([&](db::Tx &tx) {
        user.reset();
        state.reset();
        const std::optional<qint64> userId = db::AccountLinkRepository::consume(tx, kReset, hash);
        if (userId)
            user = db::UserRepository::resetPassword(tx, *userId, passwordHash);
        else
            state = db::AccountLinkRepository::state(tx, kReset, hash);
    });
    if (!user)
        return refusal(state);
    m_revocations.note(user->username, user->sessionVersion);
    return m_users.tokenFor(*user);
}

Result<bool> AccountLinks::resendVerification(const QString &subject)
{
    const LinkToken link = LinkToken::generate();
    std::optional<db::UserRow> user;
    bool queued = false;
    m_database.transact([&](db::Tx &tx) {
        user = db::UserRepository::findByName(tx, subject);
        if (user && !user->email.isEmpty() && !user->emailVerified)
            queued = db::AccountLinkRepository::issueForUser(tx,
                                                             user->id,
                                                             {kVerify,
                                                              link.hash,
                                                              link.token,
                                                              m_settings.verifySeconds,
                                                              m_settings.cooldownSeconds});
    });
    if (!user || user->email.isEmpty())
        return Error(ErrorCode::InvalidState, QStringLiteral("this account has no e-mail address"));
    if (user->emailVerified)
        return Error(ErrorCode::InvalidState, QStringLiteral("this address is verified already"));
    return queued;
}

Result<Profile> AccountLinks::verify(const QString &token)
{
    const QByteArray hash = LinkToken::hashOf(token);
    std::optional<db::UserRow> user;
    std::optional<db::AccountLinkState> state;
    m_database.transact([&](db::Tx &tx) {
        user.reset();
        state.reset();
        const std::optional<qint64> userId = db::AccountLinkRepository::consume(tx, kVerify, hash);
        if (userId)
            user = db::UserRepository::markVerified(tx, *userId);
        else
            state = db::AccountLinkRepository::state(tx, kVerify, hash);
    });
    if (!user)
        return refusal(state);
    return UserService::profileOf(*user);
}

} // namespace boxoffice::server::domain
