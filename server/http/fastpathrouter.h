// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "handlers.h"

#include <QByteArray>
#include <QList>

class QObject;
class QTcpSocket;
class QThreadPool;

namespace boxoffice::server::http {

/// Answers plain requests for a few one-id routes straight from the connection's buffer, ahead
/// of Qt's HTTP server. Qt 6.4 reads each request one byte per QIODevice::read() in a
/// transaction, builds a QUrl and tries the routes' regular expressions; for a queue join that
/// was about as much CPU as everything else the join does. Whatever is not a complete plain
/// request for such a route (see SimpleRequest) stays in the socket, and Qt serves it as before.
///
/// Sharing a socket with Qt: this front reads first (its readyRead slot is connected before
/// Qt's) and only at a request boundary, i.e. while Qt's parser holds no part of a request.
/// Answers carry Content-Type and Retry-After, the only headers these routes' answers have.
class FastPathRouter
{
public:
    /// `context`: an object on the server's thread (worker answers are queued to it).
    FastPathRouter(QThreadPool *workers, QObject *context);

    /// `method` `prefix` <id> `suffix`: `fast` on the server's thread, `slow` on the workers
    /// when `fast` declines (like ApiServer::routeIdAsync).
    void addRoute(QByteArray method,
                  QByteArray prefix,
                  QByteArray suffix,
                  AsyncIdHandler fast,
                  IdHandler slow);
    /// `method` `path` exactly, without an id (the handlers get an empty one).
    void addExactRoute(QByteArray method, QByteArray path, AsyncIdHandler fast, IdHandler slow);
    bool isEmpty() const { return m_routes.isEmpty(); }
    /// Raises the largest body any route accepts: longer `Content-Length`s are refused by their
    /// head, before Qt reads a byte of the body.
    void setMaxBody(qint64 bytes);
    qint64 maxBody() const { return m_maxBody; }
    /// Starts reading `socket`: call before Qt's server connects to it.
    void attach(QTcpSocket *socket);

    /// The HTTP/1.1 bytes of `response` (status line, headers, body).
    static QByteArray serialize(const QHttpServerResponse &response);

private:
    friend class RawConnection;
    struct Route
    {
        QByteArray method;
        QByteArray prefix;
        QByteArray suffix;
        AsyncIdHandler fast;
        IdHandler slow;
        bool exact = false; ///< the path is `prefix` alone
    };

    QThreadPool *m_workers;
    QObject *m_context;
    QList<Route> m_routes;
    qint64 m_maxBody = 0;
};

} // namespace boxoffice::server::http
