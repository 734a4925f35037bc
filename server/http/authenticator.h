#pragma once

#include "auth/jwt.h"
#include "domain/principal.h"
#include "request.h"

namespace boxoffice::server::http {

/// Turns `Authorization: Bearer` into a Principal, or throws domain::Error (401/403).
class Authenticator
{
public:
    explicit Authenticator(const auth::JwtVerifier &verifier)
        : m_verifier(verifier)
    {}

    /// The caller; 401 `unauthenticated` for a missing, malformed or invalid token.
    domain::Principal authenticate(const Request &request) const;
    /// The caller, who must have at least `role`; 403 `forbidden` otherwise.
    domain::Principal require(const Request &request, auth::Role role) const;

    /// The event that the request's X-Admission-Token admits `caller` to, or empty when there
    /// is no valid admission token for this caller.
    QString admittedEvent(const Request &request, const domain::Principal &caller) const;

private:
    const auth::JwtVerifier &m_verifier;
};

} // namespace boxoffice::server::http
