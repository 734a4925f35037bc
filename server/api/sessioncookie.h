// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayView>

namespace boxoffice::server::api {

/// The browser's sign-in: the access token in an HttpOnly, SameSite=Strict cookie, so the web
/// shop never holds a token in script or storage (docs/web-shop.md). In api/: REST requests
/// and the WebSocket's upgrade both read it.
class SessionCookie
{
public:
    static constexpr char kName[] = "boxoffice_session";

    /// The Set-Cookie value that signs a browser in for `maxAgeSeconds`.
    static QByteArray set(const QByteArray &token, qint64 maxAgeSeconds, bool secure);
    /// The Set-Cookie value that signs it out.
    static QByteArray clear(bool secure);
    /// The token in a Cookie header, or empty.
    static QByteArray token(QByteArrayView cookieHeader);
    /// True when an Origin header's host and port are the request's Host (an absent or "null"
    /// origin is not the same origin).
    static bool sameOrigin(QByteArrayView origin, QByteArrayView host);
};

} // namespace boxoffice::server::api
