// SPDX-License-Identifier: GPL-3.0-or-later
#include "authenticator.h"

#include "domain/error.h"
#include "domain/sessionrevocations.h"
#include "domain/staffaccess.h"
#include "sessioncookie.h"

#include <QLoggingCategory>

namespace boxoffice::server::http {

Q_LOGGING_CATEGORY(lcAuth, "boxoffice.auth")

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
    {
        QMutexLocker locker(&m_mutex);
        const auto it = m_verified.constFind(token);
        if (it != m_verified.constEnd() && !it->until.hasExpired()) {
            const domain::Principal remembered = it->principal;
            locker.unlock();
            return allowed(remembered);
        }
    }
    const auth::Verification result = m_verifier.verify(token, auth::TokenType::Access);
    if (!result.claims) {
        qCDebug(lcAuth) << "token refused:" << result.error;
        // One answer for every reason: the client learns nothing about which check failed.
        throw Error(ErrorCode::Unauthenticated, QStringLiteral("the token is not valid"));
    }
    const domain::Principal principal{result.claims->subject,
                                      result.claims->role,
                                      result.claims->expiresAt.toSecsSinceEpoch(),
                                      result.claims->payload.value(u"sv").toInt()};
    const qint64 untilExpiry = QDateTime::currentDateTimeUtc().msecsTo(result.claims->expiresAt);
    if (untilExpiry > 0) {
        QMutexLocker locker(&m_mutex);
        if (m_verified.size() >= 50000) // a flood of distinct tokens: start over, never grow
            m_verified.clear();
        m_verified.insert(token,
                          Verified{principal, QDeadlineTimer(qMin<qint64>(untilExpiry, 60000))});
    }
    return allowed(principal);
}

domain::Principal Authenticator::allowed(domain::Principal principal) const
{
    // The signature is remembered, the account never: it is read on each staff request, so a
    // disable answered by any server refuses the very next request on every server.
    if (principal.role == auth::Role::Fan) {
        if (m_revocations && m_revocations->revoked(principal.subject, principal.sessionVersion)) {
            qCDebug(lcAuth) << "token refused: sessions reset:" << principal.subject;
            throw Error(ErrorCode::Unauthenticated, QStringLiteral("the token is not valid"));
        }
        return principal;
    }
    if (!m_staffAccess)
        return principal;
    std::optional<auth::Role> role;
    try {
        role = m_staffAccess->allowedRole(principal.subject, principal.role);
    } catch (const std::exception &error) {
        // Never a pass without the check; a domain error, so that every caller (the WebSocket's
        // too) answers it as the 503 it is.
        qCWarning(lcAuth) << "staff account check failed:" << error.what();
        throw Error(ErrorCode::Unavailable,
                    QStringLiteral("the account cannot be checked right now; retry shortly"),
                    domain::ErrorDetails{.retryAfterSeconds = 1});
    }
    if (!role) {
        qCDebug(lcAuth) << "token refused: account disabled:" << principal.subject;
        throw Error(ErrorCode::Unauthenticated, QStringLiteral("the token is not valid"));
    }
    principal.role = *role;
    return principal;
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

QString Authenticator::admittedEvent(const Request &request, const domain::Principal &caller) const
{
    const QByteArray token = request.header("x-admission-token").trimmed();
    if (token.isEmpty())
        return {};
    const auth::Verification result = m_verifier.verify(token, auth::TokenType::Admission);
    if (!result.claims || result.claims->subject != caller.subject) {
        qCDebug(lcAuth) << "admission token refused:"
                        << (result.claims ? QStringLiteral("other subject") : result.error);
        return {};
    }
    return result.claims->eventId;
}

} // namespace boxoffice::server::http
