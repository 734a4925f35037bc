#pragma once

#include "domain/error.h"
#include "handlers.h"
#include "rawfront.h"
#include "request.h"

#include <QHostAddress>
#include <QSslConfiguration>

#include <optional>
#include <QHttpServer>

#include <functional>
#include <memory>

class QThreadPool;
class QWebSocket;

namespace boxoffice::server::http {

/// QHttpServer plus the rules every route shares: body size limit, work on the worker pool
/// (the event loop never waits on PostgreSQL), and one catch-all at the edge so client input
/// never causes a 500: domain errors become problems, anything unexpected a logged 503.
class ApiServer
{
public:
    ApiServer(QThreadPool *workers, qint64 bodyLimit);

    void route(const QString &path,
               QHttpServerRequest::Methods method,
               Handler handler,
               qint64 bodyLimit = 0);
    /// Like route(), but `fast` may answer first on the server's thread (cheap refusals that
    /// must not queue behind database work on the worker pool).
    void route(const QString &path,
               QHttpServerRequest::Methods method,
               FastLane fast,
               Handler handler);
    void routeId(const QString &path,
                 QHttpServerRequest::Methods method,
                 IdHandler handler,
                 qint64 bodyLimit = 0);
    void routeTwoIds(const QString &path, QHttpServerRequest::Methods method, TwoIdHandler handler);
    /// `fast` on the server's thread (no worker hand-off, for non-blocking I/O), `slow` on the
    /// worker pool whenever `fast` declines. Plain requests for a `prefix<arg>suffix` path are
    /// answered ahead of Qt's parser (RawFront) on plain-TCP listeners.
    void routeIdAsync(const QString &path,
                      QHttpServerRequest::Methods method,
                      AsyncIdHandler fast,
                      IdHandler slow,
                      qint64 bodyLimit = 0);
    /// Answers without the worker pool (cheap handlers such as /healthz).
    void routeInline(const QString &path, QHttpServerRequest::Methods method, Handler handler);

    /// Accepts WebSocket upgrades on `path` and hands each connection to `accept`.
    void routeWebSocket(const QString &path, std::function<void(QWebSocket *)> accept);
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
    /// Makes the upgraded connection's TCP socket the WebSocket's child.
    void adoptTransport(QWebSocket *socket);
    void dispatch(const QHttpServerRequest &request,
                  QHttpServerResponder &&responder,
                  qint64 limit,
                  std::function<QHttpServerResponse(const Request &)> work,
                  const FastLane &fast = {});
    struct Pending;
    void runOnWorkers(std::shared_ptr<Pending> pending,
                      Request copy,
                      std::function<QHttpServerResponse(const Request &)> work);

    RawFront m_raw; // destroyed after m_server and its sockets
    QHttpServer m_server;
    QThreadPool *m_workers;
    qint64 m_bodyLimit;
    int m_sendBuffer = 0;
};

} // namespace boxoffice::server::http
