// SPDX-License-Identifier: GPL-3.0-or-later
#include "authenticator.h"

#include "api/sessioncookie.h"
#include "domain/error.h"

namespace boxoffice::server::http {

using api::SessionCookie;
using domain::Error;
using domain::ErrorCode;

domain::Principal Authenticator::authenticate(const Request &request) const
{
    const QByteArray header = request.header("authorization");
    QByteArray token;
    if (header.isEmpty()) {
        token = cookieToken(request);
        if (token.isEmpty())
            throw Error(ErrorCode::Unauthenticated, QStringLiteral("a bearer token is required"));
    } else {
        if (!header.startsWith("Bearer ") && !header.startsWith("bearer "))
            throw Error(ErrorCode::Unauthenticated,
                        QStringLiteral("use Authorization: Bearer <token>"));
        token = header.mid(7).trimmed();
    }
    return m_tokens.principal(token);
}

QByteArray Authenticator::cookieToken(const Request &request)
{
    const QByteArray token = SessionCookie::token(request.header("cookie"));
    if (token.isEmpty() || request.method == "GET" || request.method == "HEAD")
        return token;
    // A browser sends the cookie with any request to this origin, a forged cross-site form's
    // too: a state change must also carry a header no form can set, from this origin.
    const QByteArray origin = request.header("origin");
    if (request.header("x-requested-with").isEmpty()
        || (!origin.isEmpty() && !SessionCookie::sameOrigin(origin, request.header("host"))))
        throw Error(ErrorCode::Forbidden,
                    QStringLiteral("a cross-site request was refused (send X-Requested-With from "
                                   "the same origin)"));
    return token;
}

domain::Principal Authenticator::require(const Request &request, auth::Role role) const
{
    domain::Principal principal = authenticate(request);
    if (!auth::hasRole(principal.role, role))
        throw Error(ErrorCode::Forbidden,
                    QStringLiteral("this needs the %1 role").arg(auth::roleName(role)));
    return principal;
}

} // namespace boxoffice::server::http
