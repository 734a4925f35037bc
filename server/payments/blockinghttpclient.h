// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QUrl>

namespace boxoffice::server::payments {

/// What came back from one blocking HTTP exchange.
struct HttpExchange
{
    int status = 0;  ///< HTTP status; 0 when no answer arrived
    QByteArray body; ///< response body (may be empty)
    bool timedOut = false;
    QString networkError; ///< empty when the exchange completed at the HTTP level
};

/// Blocking HTTP/1.1 calls usable from any thread, including QThreadPool workers without a
/// running event loop: every call makes its own QNetworkAccessManager in the calling thread and
/// spins a local QEventLoop until the answer or the deadline. Avoid calling it from a thread whose
/// event loop serves other work (the server's main thread): the local loop would re-enter it.
class BlockingHttpClient
{
public:
    using Headers = QList<QPair<QByteArray, QByteArray>>;

    /// Sends `method` (GET or POST) to `url`; `timeoutMs` bounds the whole exchange.
    static HttpExchange send(const QByteArray &method,
                             const QUrl &url,
                             const Headers &headers,
                             const QByteArray &body,
                             int timeoutMs);
};

} // namespace boxoffice::server::payments
