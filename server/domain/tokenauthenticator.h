// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "auth/jwt.h"
#include "principal.h"

#include <QByteArrayView>
#include <QDeadlineTimer>
#include <QHash>
#include <QMutex>

namespace boxoffice::server::domain {

class SessionRevocations;
class StaffAccess;

/// Who a token's text names, for every transport (REST reads it from its headers or cookie,
/// the WebSocket from its upgrade or its `auth` op). Access tokens verified once are remembered
/// for a minute (never past their `exp`): a buyer's requests skip the signature check. Only
/// valid tokens are remembered, keyed by the whole token.
class TokenAuthenticator
{
public:
    explicit TokenAuthenticator(const auth::JwtVerifier &verifier)
        : m_verifier(verifier)
    {}

    /// Checks every staff token's account on each call from now on (a disabled account: 401).
    /// Without it (unit tests) a valid token is enough.
    void setStaffAccess(const StaffAccess *access) { m_staffAccess = access; }
    /// Refuses fans' tokens that a password reset ended (401). Without it, none are.
    void setSessionRevocations(const SessionRevocations *revocations)
    {
        m_revocations = revocations;
    }

    /// The caller an access token names; throws Error 401 `unauthenticated` for an invalid
    /// token or a staff token whose account is disabled (503 when that cannot be checked).
    Principal principal(const QByteArray &accessToken) const;

    /// The event an admission token (the waiting room's, REST's X-Admission-Token, the
    /// WebSocket's `admission_token`) admits `caller` to, or empty when it is absent, invalid
    /// or someone else's.
    QString admittedEvent(QByteArrayView admissionToken, const Principal &caller) const;

    /// Whether a password reset or an erasure ended the session of `principal` (a fan's)
    /// since its token was checked: long-lived sessions (the WebSocket) ask on every request.
    bool sessionEnded(const Principal &principal) const;

private:
    struct Verified
    {
        Principal principal;
        QDeadlineTimer until;
    };

    /// `principal` as its account allows it now (staff: read from the database; fans: not
    /// ended by a password reset).
    Principal allowed(Principal principal) const;

    const auth::JwtVerifier &m_verifier;
    const StaffAccess *m_staffAccess = nullptr;
    const SessionRevocations *m_revocations = nullptr;
    mutable QMutex m_mutex;
    mutable QHash<QByteArray, Verified> m_verified;
};

} // namespace boxoffice::server::domain
