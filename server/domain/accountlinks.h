// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "linktoken.h"
#include "result.h"
#include "userservice.h"

namespace boxoffice::server::db {
class Database;
}

namespace boxoffice::server::domain {

class SessionRevocations;

/// E-mail verification and password reset by single-use, expiring links (docs/web-shop.md,
/// "Verification and password reset"). Each link is made and its mail queued in one
/// transaction; the mail worker sends it once. Using a link is a conditional UPDATE in the
/// transaction that acts on it, so of two uses racing exactly one wins.
class AccountLinks
{
public:
    AccountLinks(db::Database &database,
                 UserService &users,
                 SessionRevocations &revocations,
                 LinkSettings settings);

    /// Mails a reset link when `email` is a fan's account; otherwise does the same work and
    /// nothing else. Never says which (the caller answers alike).
    void requestReset(const QString &email);
    /// Sets the password of the link's account, ends every other session of it and signs in:
    /// LinkInvalid, LinkExpired (or replaced by a newer one), LinkUsed, WeakPassword.
    Result<AccessToken> confirmReset(const QString &token, const QString &password);
    /// Mails `subject` a new verification link (the older ones stop working): InvalidState
    /// when the account has no email or is verified already. False: one was mailed moments
    /// ago, so none now.
    Result<bool> resendVerification(const QString &subject);
    /// Marks the link's account verified: its profile, or LinkInvalid, LinkExpired, LinkUsed.
    Result<Profile> verify(const QString &token);

private:
    db::Database &m_database;
    UserService &m_users;
    SessionRevocations &m_revocations;
    LinkSettings m_settings;
};

} // namespace boxoffice::server::domain
