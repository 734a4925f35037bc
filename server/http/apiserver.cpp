// SPDX-License-Identifier: GPL-3.0-or-later
#include "apiserver.h"

#include "boundedpool.h"
#include "cappedsendtcpserver.h"
#include "chunkedstream.h"
#include "core/unavailable.h"
#include "domain/ids.h"
#include "edgelimits.h"
#include "jsoncompressor.h"
#include "reply.h"
#include "requesttimer.h"
#include "webshop.h"

#include <QLoggingCategory>
#include <QPointer>
#include <QSslServer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QWebSocket>

#include <atomic>

namespace boxoffice::server::http {

Q_LOGGING_CATEGORY(lcHttp, "boxoffice.http")

using domain::Error;
using domain::ErrorCode;

ApiServer::ApiServer(QThreadPool *workers, qint64 bodyLimit)
    : m_raw(workers, &m_server)
    , m_workers(workers)
    , m_bodyLimit(bodyLimit)
{
    m_raw.setMaxBody(bodyLimit);
    m_server.setMissingHandler(
        [this](const QHttpServerRequest &request, QHttpServerResponder &&responder) {
            const Request copy = Request::from(request);
            guarded(copy, [&] { return unrouted(copy); }).write(std::move(responder));
        });
}

namespace {

QByteArray allowList(QHttpServerRequest::Methods methods)
{
    using Method = QHttpServerRequest::Method;
    QByteArrayList names;
    for (const auto &[method, name] : {std::pair{Method::Get, "GET"},
                                       std::pair{Method::Head, "HEAD"},
                                       std::pair{Method::Post, "POST"},
                                       std::pair{Method::Put, "PUT"},
                                       std::pair{Method::Patch, "PATCH"},
                                       std::pair{Method::Delete, "DELETE"},
                                       std::pair{Method::Options, "OPTIONS"}}) {
        if (methods.testFlag(method))
            names.append(name);
    }
    return names.join(", ");
}

} // namespace

void ApiServer::remember(const QString &path, QHttpServerRequest::Methods methods)
{
    // Qt's <arg> matches one path segment.
    QStringList parts = path.split(QStringLiteral("<arg>"));
    for (QString &part : parts)
        part = QRegularExpression::escape(part);
    const QRegularExpression pattern(
        QRegularExpression::anchoredPattern(parts.join(QStringLiteral("[^/]+"))));
    for (KnownRoute &known : m_known) {
        if (known.pattern == pattern) {
            known.methods |= methods;
            return;
        }
    }
    m_known.append({pattern, methods});
    const QString root = path.section(u'/', 1, 1);
    if (!root.isEmpty() && !root.contains(u'<'))
        m_apiRoots.insert(root);
}

qint64 ApiServer::rememberWithBodyLimit(const QString &path,
                                        QHttpServerRequest::Methods methods,
                                        qint64 bodyLimit)
{
    remember(path, methods);
    const qint64 limit = bodyLimit > 0 ? bodyLimit : m_bodyLimit;
    m_raw.setMaxBody(limit);
    return limit;
}

QHttpServerResponse ApiServer::unrouted(const Request &request) const
{
    using Method = QHttpServerRequest::Method;
    const QString path = request.url.path();
    QHttpServerRequest::Methods allowed;
    for (const KnownRoute &known : m_known) {
        if (known.pattern.match(path).hasMatch())
            allowed |= known.methods;
    }
    const bool read = request.method == "GET" || request.method == "HEAD";
    const bool api = m_apiRoots.contains(path.section(u'/', 1, 1));
    if (!allowed && !api && m_shop && !read)
        allowed = Method::Get | Method::Head; // the shop's pages are only read
    if (allowed) {
        QHttpServerResponse answer = problem(
            Error(ErrorCode::MethodNotAllowed,
                  QStringLiteral("%1 is not allowed here").arg(QString::fromLatin1(request.method))));
        answer.setHeader("Allow", allowList(allowed));
        return answer;
    }
    if (api || !m_shop)
        return problem(Error(ErrorCode::NotFound, QStringLiteral("no such route")));
    return m_shop->serve(request);
}

QHttpServerResponse ApiServer::guarded(const std::function<QHttpServerResponse()> &handler)
{
    try {
        return handler();
    } catch (const Error &error) {
        return problem(error);
    } catch (const Unavailable &error) {
        qCWarning(lcHttp) << "unavailable:" << error.what();
        return problem(Error(ErrorCode::Unavailable, QStringLiteral("the database is unavailable")));
    } catch (const std::exception &error) {
        // Never leak internals; the log has what an operator needs.
        qCWarning(lcHttp) << "unexpected error:" << error.what();
        return problem(Error(ErrorCode::Unavailable, QStringLiteral("temporarily unavailable")));
    } catch (...) {
        qCWarning(lcHttp) << "unexpected non-standard exception";
        return problem(Error(ErrorCode::Unavailable, QStringLiteral("temporarily unavailable")));
    }
}

QHttpServerResponse ApiServer::guarded(const Request &request,
                                       const std::function<QHttpServerResponse()> &handler)
{
    const RequestIdScope scope(request);
    return guarded(handler);
}

namespace {

std::optional<QHttpServerResponse> tooLarge(const QHttpServerRequest &request, qint64 limit)
{
    if (request.body().size() <= limit)
        return std::nullopt;
    return problem(Error(ErrorCode::PayloadTooLarge,
                         QStringLiteral("the body is larger than %1 bytes").arg(limit)));
}

} // namespace

// Qt 6.4's QHttpServer writes a QFuture's response through the raw socket pointer of the
// connection, which is deleted when the client hangs up early: a client that disconnects while
// its request is on the worker pool would crash the server. So the route takes the responder,
// the work runs on the pool, and the answer is written back on the server's thread only if the
// socket still exists and is connected: Pending is that one request waiting for its answer.
struct ApiServer::Pending
{
    explicit Pending(QHttpServerResponder &&from)
        : socket(from.socket())
        , pendingAnswers(PendingAnswers::of(from.socket()))
        , responder(std::move(from))
        , timer(std::make_unique<RequestTimer>())
    {
        if (pendingAnswers)
            pendingAnswers->add(); // the connection's next request waits for this answer
    }
    ~Pending()
    {
        if (!answered && pendingAnswers)
            pendingAnswers->done();
    }
    void answer(QHttpServerResponse &&response)
    {
        if (answered)
            return;
        answered = true;
        if (socket && socket->state() == QAbstractSocket::ConnectedState
            && !edge::dropIfOverOutbound(socket, response.data().size())) {
            response.write(std::move(responder));
            socket->flush(); // out now, not after the rest of a burst was read
        }
        timer.reset(); // the request's duration: from routing to the answer
        if (pendingAnswers)
            pendingAnswers->done();
    }
    QPointer<QTcpSocket> socket;
    QPointer<PendingAnswers> pendingAnswers;
    QHttpServerResponder responder;
    std::unique_ptr<RequestTimer> timer;
    bool answered = false;
};

Respond ApiServer::answerThrough(QHttpServerResponder &&responder)
{
    auto pending = std::make_shared<Pending>(std::move(responder));
    return [pending](QHttpServerResponse &&response) { pending->answer(std::move(response)); };
}

void ApiServer::dispatch(const QHttpServerRequest &request,
                         QHttpServerResponder &&responder,
                         qint64 limit,
                         std::function<QHttpServerResponse(const Request &)> work)
{
    if (auto rejected = tooLarge(request, limit)) {
        rejected->write(std::move(responder));
        return;
    }
    const Request copy = Request::from(request);
    runOnWorkers(
        copy, [work, copy] { return work(copy); }, answerThrough(std::move(responder)));
}

void ApiServer::dispatchPrepared(const Request &request, const Prepare &prepare, Respond respond)
{
    std::optional<Work> work;
    QHttpServerResponse answer = guarded(request, [&] {
        auto prepared = prepare(request);
        if (auto *now = std::get_if<QHttpServerResponse>(&prepared))
            return std::move(*now);
        work = std::move(std::get<Work>(prepared));
        return QHttpServerResponse(QHttpServerResponse::StatusCode::NoContent);
    });
    if (work)
        runOnWorkers(request, std::move(*work), std::move(respond));
    else
        respond(std::move(answer));
}

void ApiServer::runOnWorkers(const Request &request, Work work, Respond respond)
{
    m_workers->start([this, request, work = std::move(work), respond = std::move(respond)] {
        // Compressed here, off the event loop.
        auto response = std::make_shared<QHttpServerResponse>(
            JsonCompressor::apply(guarded(request, work), request));
        QMetaObject::invokeMethod(
            &m_server, [respond, response] { respond(std::move(*response)); }, Qt::QueuedConnection);
    });
}

void ApiServer::routeIdAsync(const QString &path,
                             QHttpServerRequest::Methods method,
                             AsyncIdHandler fast,
                             IdHandler slow,
                             qint64 bodyLimit)
{
    const qint64 limit = rememberWithBodyLimit(path, method, bodyLimit);
    const QStringList parts = path.split(QStringLiteral("<arg>"));
    const QByteArray methodName = method == QHttpServerRequest::Method::Post  ? "POST"
                                  : method == QHttpServerRequest::Method::Get ? "GET"
                                                                              : "";
    if (parts.size() == 2 && !methodName.isEmpty())
        m_raw.addRoute(methodName, parts[0].toLatin1(), parts[1].toLatin1(), fast, slow);
    m_server.route(path,
                   method,
                   [this, fast, slow, limit](const QString &rawId,
                                             const QHttpServerRequest &request,
                                             QHttpServerResponder &&responder) {
                       const QString id = domain::canonicalId(rawId);
                       if (auto rejected = tooLarge(request, limit)) {
                           rejected->write(std::move(responder));
                           return;
                       }
                       auto pending = std::make_shared<Pending>(std::move(responder));
                       Request copy = Request::from(request);
                       const Respond respond = [pending, requestId = copy.ensureRequestId()](
                                                   QHttpServerResponse &&response) {
                           pending->answer(withRequestId(std::move(response), requestId));
                       };
                       bool handled = true;
                       bool threw = true;
                       QHttpServerResponse failure = guarded(copy, [&] {
                           handled = fast(id, copy, respond);
                           threw = false;
                           return QHttpServerResponse(QHttpServerResponse::StatusCode::NoContent);
                       });
                       if (threw)
                           respond(std::move(failure));
                       else if (!handled)
                           runOnWorkers(
                               copy, [slow, id, copy] { return slow(id, copy); }, respond);
                   });
}

void ApiServer::route(const QString &path,
                      QHttpServerRequest::Methods method,
                      Handler handler,
                      qint64 bodyLimit)
{
    const qint64 limit = rememberWithBodyLimit(path, method, bodyLimit);
    m_server.route(path,
                   method,
                   [this, handler, limit](const QHttpServerRequest &request,
                                          QHttpServerResponder &&responder) {
                       dispatch(request, std::move(responder), limit, handler);
                   });
}

void ApiServer::routePrepared(const QString &path,
                              QHttpServerRequest::Methods method,
                              Prepare prepare)
{
    remember(path, method);
    // The fast-path router takes plain requests for this path (POST /holds: conflicts answered
    // from memory then cost no more than parsing the request), Qt the rest, both the same way.
    if (method == QHttpServerRequest::Method::Post && !path.contains(u'<')) {
        m_raw.addExactRoute("POST",
                            path.toLatin1(),
                            [this, prepare](const QString &,
                                            const Request &request,
                                            const Respond &respond) {
                                dispatchPrepared(request, prepare, respond);
                                return true;
                            },
                            {});
    }
    m_server.route(path,
                   method,
                   [this, prepare](const QHttpServerRequest &request,
                                   QHttpServerResponder &&responder) {
                       if (auto rejected = tooLarge(request, m_bodyLimit)) {
                           rejected->write(std::move(responder));
                           return;
                       }
                       dispatchPrepared(Request::from(request),
                                        prepare,
                                        answerThrough(std::move(responder)));
                   });
}

void ApiServer::routeId(const QString &path,
                        QHttpServerRequest::Methods method,
                        IdHandler handler,
                        qint64 bodyLimit)
{
    const qint64 limit = rememberWithBodyLimit(path, method, bodyLimit);
    m_server.route(path,
                   method,
                   [this, handler, limit](const QString &rawId,
                                          const QHttpServerRequest &request,
                                          QHttpServerResponder &&responder) {
                       dispatch(request,
                                std::move(responder),
                                limit,
                                [handler, id = domain::canonicalId(rawId)](const Request &copy) {
                                    return handler(id, copy);
                                });
                   });
}

void ApiServer::routeTwoIds(const QString &path,
                            QHttpServerRequest::Methods method,
                            TwoIdHandler handler)
{
    remember(path, method);
    m_server.route(path,
                   method,
                   [this, handler](const QString &first,
                                   const QString &second,
                                   const QHttpServerRequest &request,
                                   QHttpServerResponder &&responder) {
                       dispatch(request,
                                std::move(responder),
                                m_bodyLimit,
                                [handler,
                                 first = domain::canonicalId(first),
                                 second = domain::canonicalId(second)](const Request &copy) {
                                    return handler(first, second, copy);
                                });
                   });
}

void ApiServer::adoptTransport(QWebSocket *socket)
{
    // Qt 6.4 leaves the upgraded connection's QTcpSocket a child of the listening server (where
    // it outlives the WebSocket) and does not expose it. Found by its address among the
    // server's remaining children (HTTP connections only: upgraded ones leave), it becomes the
    // WebSocket's child: deleted with it, and moved along when the WebSocket moves to another
    // thread.
    for (QTcpServer *server : m_server.servers()) {
        const auto sockets = server->findChildren<QTcpSocket *>(Qt::FindDirectChildrenOnly);
        for (QTcpSocket *tcp : sockets) {
            if (tcp->peerPort() == socket->peerPort() && tcp->localPort() == socket->localPort()
                && tcp->peerAddress() == socket->peerAddress()) {
                tcp->setParent(socket);
                return;
            }
        }
    }
}

void ApiServer::routeWebSocket(const QString &path, std::function<void(QWebSocket *)> accept)
{
    remember(path, QHttpServerRequest::Method::AnyKnown);
    // Qt 6.4: the upgrade only happens when a route "handles" the path without answering.
    m_server.route(path, [](const QHttpServerRequest &, QHttpServerResponder &&) {});
    QObject::connect(&m_server, &QAbstractHttpServer::newWebSocketConnection, [this, accept] {
        while (m_server.hasPendingWebSocketConnections()) {
            QWebSocket *socket = m_server.nextPendingWebSocketConnection().release();
            adoptTransport(socket);
            accept(socket);
        }
    });
}

void ApiServer::routeStreamed(const QString &path,
                              QHttpServerRequest::Methods method,
                              BoundedPool *pool,
                              StreamPrepare prepare)
{
    remember(path, method);
    m_server.route(path,
                   method,
                   [this, pool, prepare](const QHttpServerRequest &request,
                                         QHttpServerResponder &&responder) {
                       serveStreamed(request, std::move(responder), pool, prepare);
                   });
}

void ApiServer::routeIdStreamed(const QString &path,
                                QHttpServerRequest::Methods method,
                                BoundedPool *pool,
                                std::function<std::variant<QHttpServerResponse, Work, StreamWork>(
                                    const QString &, const Request &)> prepare)
{
    remember(path, method);
    m_server.route(path,
                   method,
                   [this, pool, prepare](const QString &rawId,
                                         const QHttpServerRequest &request,
                                         QHttpServerResponder &&responder) {
                       const QString id = domain::canonicalId(rawId);
                       serveStreamed(request,
                                     std::move(responder),
                                     pool,
                                     [&prepare, id](const Request &copy) {
                                         return prepare(id, copy);
                                     });
                   });
}

void ApiServer::serveStreamed(const QHttpServerRequest &request,
                              QHttpServerResponder &&responder,
                              BoundedPool *pool,
                              const StreamPrepare &prepare)
{
    if (auto rejected = tooLarge(request, m_bodyLimit)) {
        rejected->write(std::move(responder));
        return;
    }
    const Request copy = Request::from(request);
    std::optional<Work> work;
    std::optional<StreamWork> stream;
    QHttpServerResponse answer = guarded(copy, [&] {
        auto prepared = prepare(copy);
        if (auto *now = std::get_if<QHttpServerResponse>(&prepared))
            return std::move(*now);
        if (auto *later = std::get_if<Work>(&prepared))
            work = std::move(*later);
        else
            stream = std::move(std::get<StreamWork>(prepared));
        return QHttpServerResponse(QHttpServerResponse::StatusCode::NoContent);
    });
    if (work) {
        runOnWorkers(copy, std::move(*work), answerThrough(std::move(responder)));
        return;
    }
    if (!stream) {
        answerThrough(std::move(responder))(std::move(answer));
        return;
    }
    if (!stream->check) {
        startStream(copy, std::move(responder), pool, std::move(*stream));
        return;
    }
    // The check asks the database: on the workers, then back here to stream or refuse.
    auto held = std::make_shared<QHttpServerResponder>(std::move(responder));
    auto checked = std::make_shared<std::atomic<bool>>(false);
    auto later = std::make_shared<StreamWork>(std::move(*stream));
    runOnWorkers(
        copy,
        [check = later->check, checked] {
            check();
            checked->store(true);
            return QHttpServerResponse(QHttpServerResponse::StatusCode::NoContent);
        },
        [this, held, checked, later, copy, pool](QHttpServerResponse &&refusal) {
            // Taken out here, so the responder ends on this thread, not with the last copy of
            // this function on a worker.
            QHttpServerResponder here = std::move(*held);
            if (checked->load())
                startStream(copy, std::move(here), pool, std::move(*later));
            else
                answerThrough(std::move(here))(std::move(refusal));
        });
}

void ApiServer::startStream(const Request &request,
                            QHttpServerResponder &&responder,
                            BoundedPool *pool,
                            StreamWork work)
{
    QTcpSocket *socket = responder.socket();
    if (!socket || socket->state() != QAbstractSocket::ConnectedState)
        return;
    // The raw front reads no next request on this connection: the answer ends by closing it.
    const QPointer<PendingAnswers> pendingAnswers = PendingAnswers::of(socket);
    const std::shared_ptr<ChunkedStream> chunked = ChunkedStream::create(socket);
    const bool started = pool->tryStart([chunked, produce = std::move(work.produce), request] {
        bool complete = false;
        try {
            RequestIdScope scope(request);
            produce(*chunked);
            complete = true;
        } catch (const std::exception &error) {
            qCWarning(lcHttp) << "stream of" << request.url.path() << "cut short:" << error.what();
        }
        chunked->finish(complete);
    });
    if (!started) {
        answerThrough(std::move(responder))(
            problem(Error(ErrorCode::Unavailable,
                          QStringLiteral("too many exports at once; retry shortly"),
                          domain::ErrorDetails{.retryAfterSeconds = 5})));
        return;
    }
    if (pendingAnswers)
        pendingAnswers->add();
    chunked->begin(work.headers);
}

void ApiServer::routeOnPool(const QString &path,
                            QHttpServerRequest::Methods method,
                            BoundedPool *pool,
                            Handler handler)
{
    remember(path, method);
    m_server.route(path,
                   method,
                   [this, pool, handler](const QHttpServerRequest &request,
                                         QHttpServerResponder &&responder) {
                       if (auto rejected = tooLarge(request, m_bodyLimit)) {
                           rejected->write(std::move(responder));
                           return;
                       }
                       auto pending = std::make_shared<Pending>(std::move(responder));
                       const bool started = pool->tryStart(
                           [this, pending, handler, copy = Request::from(request)] {
                               auto response = std::make_shared<QHttpServerResponse>(
                                   guarded(copy, [&] { return handler(copy); }));
                               QMetaObject::invokeMethod(
                                   &m_server,
                                   [pending, response] { pending->answer(std::move(*response)); },
                                   Qt::QueuedConnection);
                           });
                       if (!started)
                           pending->answer(problem(
                               Error(ErrorCode::Unavailable,
                                     QStringLiteral("too many sign-ins at once; retry shortly"),
                                     domain::ErrorDetails{.retryAfterSeconds = 1})));
                   });
}

void ApiServer::routeInline(const QString &path, QHttpServerRequest::Methods method, Handler handler)
{
    remember(path, method);
    m_server.route(path, method, [handler](const QHttpServerRequest &request) {
        const Request copy = Request::from(request);
        return guarded(copy, [&] { return handler(copy); });
    });
}

std::function<void(QTcpSocket *)> ApiServer::frontForSockets()
{
    if (m_raw.isEmpty())
        return {};
    return [this](QTcpSocket *socket) {
        // What the client sends beyond one request (and its head) waits in the kernel.
        socket->setReadBufferSize(m_raw.maxBody() + edge::kMaxHeadBytes);
        m_raw.attach(socket);
    };
}

quint16 ApiServer::listen(const QHostAddress &address,
                          quint16 port,
                          const std::optional<QSslConfiguration> &tls)
{
    // TLS listeners get the same front as plain ones: it reads the decrypted stream.
    std::unique_ptr<QTcpServer> server;
    if (tls) {
        auto sslServer = std::make_unique<CappedSendSslServer>(m_sendBuffer);
        sslServer->setSslConfiguration(*tls);
        sslServer->setOnConnection(frontForSockets());
        server = std::move(sslServer);
    } else {
        auto tcpServer = std::make_unique<CappedSendTcpServer>(m_sendBuffer);
        tcpServer->setOnConnection(frontForSockets());
        server = std::move(tcpServer);
    }
    // QHttpServer::listen() keeps Qt's default backlog of 50: a burst of buyers beyond that has
    // its SYNs dropped and retried after 1, 3, 7 s... A deep backlog keeps them waiting in
    // the kernel's queue instead.
    server->setListenBacklogSize(4096);
    if (!server->listen(address, port))
        return 0;
    const quint16 bound = server->serverPort();
    server->setParent(&m_server);
    m_server.bind(server.release()); // owned by m_server from here on
    return bound;
}

void ApiServer::stopListening()
{
    for (QTcpServer *server : m_server.servers())
        server->close();
}

} // namespace boxoffice::server::http
