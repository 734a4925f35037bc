// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "auth/jwt.h"
#include "domain/principal.h"
#include "domain/tokenauthenticator.h"
#include "request.h"

namespace boxoffice::server::http {

/// Turns `Authorization: Bearer` (or, without it, the browser's session cookie) into a
/// Principal, or throws domain::Error (401/403): REST's headers read into the token check
/// every transport shares (domain::TokenAuthenticator).
class Authenticator
{
public:
    explicit Authenticator(const auth::JwtVerifier &verifier)
        : m_tokens(verifier)
    {}

    /// Checks every staff token's account per request from now on (a disabled account: 401).
    /// Without it (unit tests) a valid token is enough.
    void setStaffAccess(const domain::StaffAccess *access) { m_tokens.setStaffAccess(access); }
    /// Refuses fans' tokens that a password reset ended (401). Without it, none are.
    void setSessionRevocations(const domain::SessionRevocations *revocations)
    {
        m_tokens.setSessionRevocations(revocations);
    }
    /// The token check itself, for the WebSocket and the sale's operations.
    const domain::TokenAuthenticator &tokens() const { return m_tokens; }

    /// The caller; 401 `unauthenticated` for a missing, malformed or invalid token, or a staff
    /// token whose account is disabled.
    domain::Principal authenticate(const Request &request) const;
    /// The caller, who must have at least `role`; 403 `forbidden` otherwise.
    domain::Principal require(const Request &request, auth::Role role) const;

    /// The session cookie's token of `request` (empty: none); throws 403 when a state-changing
    /// request carries it without the same-origin proof (X-Requested-With, Origin).
    static QByteArray cookieToken(const Request &request);

private:
    domain::TokenAuthenticator m_tokens;
};

} // namespace boxoffice::server::http
