// SPDX-License-Identifier: GPL-3.0-or-later
#include "sessioncookie.h"

#include <QUrl>

namespace boxoffice::server::api {

QByteArray SessionCookie::set(const QByteArray &token, qint64 maxAgeSeconds, bool secure)
{
    QByteArray out = QByteArray(kName) + '=' + token + "; Path=/; Max-Age="
                     + QByteArray::number(maxAgeSeconds) + "; HttpOnly; SameSite=Strict";
    if (secure)
        out += "; Secure";
    return out;
}

QByteArray SessionCookie::clear(bool secure)
{
    return set(QByteArray(), 0, secure);
}

QByteArray SessionCookie::token(QByteArrayView cookieHeader)
{
    const QByteArray prefix = QByteArray(kName) + '=';
    for (const QByteArray &pair : cookieHeader.toByteArray().split(';')) {
        const QByteArray trimmed = pair.trimmed();
        if (trimmed.startsWith(prefix))
            return trimmed.mid(prefix.size());
    }
    return {};
}

bool SessionCookie::sameOrigin(QByteArrayView origin, QByteArrayView host)
{
    if (origin.isEmpty() || host.isEmpty())
        return false;
    const QUrl url(QString::fromLatin1(origin));
    if (!url.isValid() || url.host().isEmpty()
        || (url.scheme() != u"http" && url.scheme() != u"https"))
        return false;
    const int defaultPort = url.scheme() == u"https" ? 443 : 80;
    // The Host header as a URL authority, so "[::1]:8080" and "example.org" parse alike.
    const QUrl hostUrl(url.scheme() + QStringLiteral("://") + QString::fromLatin1(host));
    if (!hostUrl.isValid() || hostUrl.host().isEmpty())
        return false;
    return url.host().compare(hostUrl.host(), Qt::CaseInsensitive) == 0
           && url.port(defaultPort) == hostUrl.port(defaultPort);
}

} // namespace boxoffice::server::api
