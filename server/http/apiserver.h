// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/error.h"
#include "fastpathrouter.h"
#include "handlers.h"
#include "request.h"

#include <QHostAddress>
#include <QRegularExpression>
#include <QSet>
#include <QSslConfiguration>

#include <optional>
#include <QHttpServer>

#include <functional>
#include <memory>

class QThreadPool;
class QWebSocket;

namespace boxoffice::server::http {

class BoundedPool;
class WebShop;

/// QHttpServer plus the rules every route shares: body size limit, work on the worker pool
/// (the event loop never waits on PostgreSQL), and one catch-all at the edge so client input
/// never causes a 500: domain errors become problems, anything unexpected a logged 503.
/// Requests no route takes are problems too (404 `not_found`, 405 `method_not_allowed`), or,
/// outside the API's paths, the fans' web shop (docs/web-shop.md).
class ApiServer
{
public:
    ApiServer(QThreadPool *workers, qint64 bodyLimit);

    void route(const QString &path,
               QHttpServerRequest::Methods method,
               Handler handler,
               qint64 bodyLimit = 0);
    /// A two-stage route: `prepare` on the server's thread answers cheap refusals at once (they
    /// must not queue behind database work on the worker pool) or hands its Work to the pool.
    void routePrepared(const QString &path, QHttpServerRequest::Methods method, Prepare prepare);
    void routeId(const QString &path,
                 QHttpServerRequest::Methods method,
                 IdHandler handler,
                 qint64 bodyLimit = 0);
    void routeTwoIds(const QString &path, QHttpServerRequest::Methods method, TwoIdHandler handler);
    /// `fast` on the server's thread (no worker hand-off, for non-blocking I/O), `slow` on the
    /// worker pool whenever `fast` declines. Plain requests for a `prefix<arg>suffix` path are
    /// answered ahead of Qt's parser (FastPathRouter) on plain-TCP listeners.
    void routeIdAsync(const QString &path,
                      QHttpServerRequest::Methods method,
                      AsyncIdHandler fast,
                      IdHandler slow,
                      qint64 bodyLimit = 0);
    /// Like route(), but `handler` runs on `pool` instead of the database workers (sign-in:
    /// scrypt must not starve holds); a full pool is 503 at once, with Retry-After.
    void routeOnPool(const QString &path,
                     QHttpServerRequest::Methods method,
                     BoundedPool *pool,
                     Handler handler);
    /// Like routePrepared(), but the first stage may also return StreamWork: its producer runs
    /// on `pool` (a full pool is 503 at once, with Retry-After) and its body goes out as it is
    /// made, never held whole (CSV exports; chunkedstream.h).
    void routeStreamed(const QString &path,
                       QHttpServerRequest::Methods method,
                       BoundedPool *pool,
                       StreamPrepare prepare);
    /// routeStreamed() with one path argument (an event's exports): `prepare` gets the id.
    void routeIdStreamed(const QString &path,
                         QHttpServerRequest::Methods method,
                         BoundedPool *pool,
                         std::function<std::variant<QHttpServerResponse, Work, StreamWork>(
                             const QString &, const Request &)> prepare);
    /// Answers without the worker pool (cheap handlers such as /healthz).
    void routeInline(const QString &path, QHttpServerRequest::Methods method, Handler handler);

    /// Accepts WebSocket upgrades on `path` and hands each connection to `accept`.
    void routeWebSocket(const QString &path, std::function<void(QWebSocket *)> accept);
    /// Serves `shop` for GET/HEAD requests whose first path segment no route uses (nullptr:
    /// none); the shop must outlive the server.
    void setWebShop(const WebShop *shop) { m_shop = shop; }
    /// Caps the kernel send buffer of accepted plain-TCP sockets (0: system default); call
    /// before listen().
    void setSocketSendBuffer(int bytes) { m_sendBuffer = bytes; }

    /// Listens (with TLS when `tls` is given); returns the port, or 0 on failure.
    quint16 listen(const QHostAddress &address,
                   quint16 port,
                   const std::optional<QSslConfiguration> &tls = std::nullopt);
    /// Stops accepting new connections (in-flight requests still finish).
    void stopListening();

    /// Runs `handler` with the edge rules; public for the WebSocket layer and tests.
    static QHttpServerResponse guarded(const std::function<QHttpServerResponse()> &handler);
    /// guarded() with `request`'s id in scope (RequestIdScope) for answers and log lines.
    static QHttpServerResponse guarded(const Request &request,
                                       const std::function<QHttpServerResponse()> &handler);

private:
    /// Notes a registered route (for 405 answers and the API's first path segments).
    void remember(const QString &path, QHttpServerRequest::Methods methods);
    /// remember(), for a route that takes bodies up to `bodyLimit` (<= 0: the server's limit);
    /// returns the limit that applies.
    qint64 rememberWithBodyLimit(const QString &path,
                                 QHttpServerRequest::Methods methods,
                                 qint64 bodyLimit);
    /// The answer when no route matched `request`.
    QHttpServerResponse unrouted(const Request &request) const;
    /// What each listener calls with an accepted socket: hands it to the fast-path router
    /// (empty when the router has no routes).
    std::function<void(QTcpSocket *)> frontForSockets();
    /// Makes the upgraded connection's TCP socket the WebSocket's child.
    void adoptTransport(QWebSocket *socket);
    void dispatch(const QHttpServerRequest &request,
                  QHttpServerResponder &&responder,
                  qint64 limit,
                  std::function<QHttpServerResponse(const Request &)> work);
    /// Runs `prepare` (guarded): its answer through `respond` now, or its Work on the workers.
    void dispatchPrepared(const Request &request, const Prepare &prepare, Respond respond);
    struct Pending;
    /// Writes an answer through `responder` once, if its socket is still connected (Pending).
    static Respond answerThrough(QHttpServerResponder &&responder);
    /// Runs `work` on the workers, guarded and compressed; `respond` gets the answer on the
    /// server's thread.
    void runOnWorkers(const Request &request, Work work, Respond respond);
    /// routeStreamed()'s answer to one request: `prepare`'s answer, Work or stream.
    void serveStreamed(const QHttpServerRequest &request,
                       QHttpServerResponder &&responder,
                       BoundedPool *pool,
                       const StreamPrepare &prepare);
    /// Writes StreamWork's head and runs its producer on `pool` (503 when the pool is full).
    void startStream(const Request &request,
                     QHttpServerResponder &&responder,
                     BoundedPool *pool,
                     StreamWork work);

    struct KnownRoute
    {
        QRegularExpression pattern;
        QHttpServerRequest::Methods methods;
    };

    QList<KnownRoute> m_known;
    QSet<QString> m_apiRoots; // first path segments of the routes
    const WebShop *m_shop = nullptr;
    FastPathRouter m_raw; // destroyed after m_server and its sockets
    QHttpServer m_server;
    QThreadPool *m_workers;
    qint64 m_bodyLimit;
    int m_sendBuffer = 0;
};

} // namespace boxoffice::server::http
