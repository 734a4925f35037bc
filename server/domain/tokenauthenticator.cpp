// SPDX-License-Identifier: GPL-3.0-or-later
#include "tokenauthenticator.h"

#include "error.h"
#include "sessionrevocations.h"
#include "staffaccess.h"

#include <QLoggingCategory>

namespace boxoffice::server::domain {

Q_LOGGING_CATEGORY(lcTokens, "boxoffice.auth")

Principal TokenAuthenticator::principal(const QByteArray &accessToken) const
{
    const QByteArray token = accessToken.trimmed(); // as a header's value reads
    {
        QMutexLocker locker(&m_mutex);
        const auto it = m_verified.constFind(token);
        if (it != m_verified.constEnd() && !it->until.hasExpired()) {
            const Principal remembered = it->principal;
            locker.unlock();
            return allowed(remembered);
        }
    }
    const auth::Verification result = m_verifier.verify(token, auth::TokenType::Access);
    if (!result.claims) {
        qCDebug(lcTokens) << "token refused:" << result.error;
        // One answer for every reason: the client learns nothing about which check failed.
        throw Error(ErrorCode::Unauthenticated, QStringLiteral("the token is not valid"));
    }
    const Principal principal{result.claims->subject,
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

Principal TokenAuthenticator::allowed(Principal principal) const
{
    // The signature is remembered, the account never: it is read on each staff request, so a
    // disable answered by any server refuses the very next request on every server.
    if (principal.role == auth::Role::Fan) {
        if (m_revocations && m_revocations->revoked(principal.subject, principal.sessionVersion)) {
            qCDebug(lcTokens) << "token refused: sessions reset:" << principal.subject;
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
        // Never a pass without the check; a domain error, so that every transport answers it
        // as the 503 it is.
        qCWarning(lcTokens) << "staff account check failed:" << error.what();
        throw Error(ErrorCode::Unavailable,
                    QStringLiteral("the account cannot be checked right now; retry shortly"),
                    ErrorDetails{.retryAfterSeconds = 1});
    }
    if (!role) {
        qCDebug(lcTokens) << "token refused: account disabled:" << principal.subject;
        throw Error(ErrorCode::Unauthenticated, QStringLiteral("the token is not valid"));
    }
    principal.role = *role;
    return principal;
}

bool TokenAuthenticator::sessionEnded(const Principal &principal) const
{
    return principal.role == auth::Role::Fan && m_revocations
           && m_revocations->revoked(principal.subject, principal.sessionVersion);
}

QString TokenAuthenticator::admittedEvent(QByteArrayView admissionToken,
                                          const Principal &caller) const
{
    const QByteArrayView token = admissionToken.trimmed();
    if (token.isEmpty())
        return {};
    const auth::Verification result = m_verifier.verify(token, auth::TokenType::Admission);
    if (!result.claims || result.claims->subject != caller.subject) {
        qCDebug(lcTokens) << "admission token refused:"
                          << (result.claims ? QStringLiteral("other subject") : result.error);
        return {};
    }
    return result.claims->eventId;
}

} // namespace boxoffice::server::domain
