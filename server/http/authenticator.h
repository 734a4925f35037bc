// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "auth/jwt.h"
#include "domain/principal.h"
#include "request.h"

#include <QDeadlineTimer>
#include <QHash>
#include <QMutex>

namespace boxoffice::server::domain {
class SessionRevocations;
class StaffAccess;
} // namespace boxoffice::server::domain

namespace boxoffice::server::http {

/// Turns `Authorization: Bearer` (or, without it, the browser's session cookie) into a Principal, or throws domain::Error (401/403). Access
/// tokens verified once are remembered for a minute (never past their `exp`): a buyer's
/// requests skip the signature check. Only valid tokens are remembered, keyed by the whole token.
class Authenticator
{
public:
    explicit Authenticator(const auth::JwtVerifier &verifier)
        : m_verifier(verifier)
    {}

    /// Checks every staff token's account per request from now on (a disabled account: 401).
    /// Without it (unit tests) a valid token is enough.
    void setStaffAccess(const domain::StaffAccess *access) { m_staffAccess = access; }
    /// Refuses fans' tokens that a password reset ended (401). Without it, none are.
    void setSessionRevocations(const domain::SessionRevocations *revocations)
    {
        m_revocations = revocations;
    }

    /// The caller; 401 `unauthenticated` for a missing, malformed or invalid token, or a staff
    /// token whose account is disabled.
    domain::Principal authenticate(const Request &request) const;
    /// The caller, who must have at least `role`; 403 `forbidden` otherwise.
    domain::Principal require(const Request &request, auth::Role role) const;

    /// The event that the request's X-Admission-Token admits `caller` to, or empty when there
    /// is no valid admission token for this caller.
    QString admittedEvent(const Request &request, const domain::Principal &caller) const;

    /// The session cookie's token of `request` (empty: none); throws 403 when a state-changing
    /// request carries it without the same-origin proof (X-Requested-With, Origin).
    static QByteArray cookieToken(const Request &request);

private:
    struct Verified
    {
        domain::Principal principal;
        QDeadlineTimer until;
    };

    /// `principal` as its account allows it now (staff: read from the database; fans: not
    /// ended by a password reset).
    domain::Principal allowed(domain::Principal principal) const;

    const auth::JwtVerifier &m_verifier;
    const domain::StaffAccess *m_staffAccess = nullptr;
    const domain::SessionRevocations *m_revocations = nullptr;
    mutable QMutex m_mutex;
    mutable QHash<QByteArray, Verified> m_verified;
};

} // namespace boxoffice::server::http
