#include "apiserver.h"

#include "db/unavailable.h"
#include "reply.h"

#include <QLoggingCategory>
#include <QTcpServer>
#include <QtConcurrent>

namespace boxoffice::server::http {

Q_LOGGING_CATEGORY(lcHttp, "boxoffice.http")

using domain::Error;
using domain::ErrorCode;

ApiServer::ApiServer(QThreadPool *workers, qint64 bodyLimit)
    : m_workers(workers)
    , m_bodyLimit(bodyLimit)
{}

QHttpServerResponse ApiServer::guarded(const std::function<QHttpServerResponse()> &handler)
{
    try {
        return handler();
    } catch (const Error &error) {
        return problem(error);
    } catch (const db::Unavailable &error) {
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

namespace {

std::optional<QHttpServerResponse> tooLarge(const QHttpServerRequest &request, qint64 limit)
{
    if (request.body().size() <= limit)
        return std::nullopt;
    return problem(Error(ErrorCode::PayloadTooLarge,
                         QStringLiteral("the body is larger than %1 bytes").arg(limit)));
}

} // namespace

void ApiServer::route(const QString &path,
                      QHttpServerRequest::Methods method,
                      Handler handler,
                      qint64 bodyLimit)
{
    const qint64 limit = bodyLimit > 0 ? bodyLimit : m_bodyLimit;
    m_server.route(path, method, [this, handler, limit](const QHttpServerRequest &request) {
        if (auto rejected = tooLarge(request, limit))
            return QtFuture::makeReadyFuture(std::move(*rejected));
        return QtConcurrent::run(m_workers, [handler, copy = Request::from(request)] {
            return guarded([&] { return handler(copy); });
        });
    });
}

void ApiServer::routeId(const QString &path,
                        QHttpServerRequest::Methods method,
                        IdHandler handler,
                        qint64 bodyLimit)
{
    const qint64 limit = bodyLimit > 0 ? bodyLimit : m_bodyLimit;
    m_server.route(path,
                   method,
                   [this, handler, limit](const QString &id, const QHttpServerRequest &request) {
                       if (auto rejected = tooLarge(request, limit))
                           return QtFuture::makeReadyFuture(std::move(*rejected));
                       return QtConcurrent::run(m_workers,
                                                [handler, id, copy = Request::from(request)] {
                                                    return guarded(
                                                        [&] { return handler(id, copy); });
                                                });
                   });
}

void ApiServer::routeInline(const QString &path, QHttpServerRequest::Methods method, Handler handler)
{
    m_server.route(path, method, [handler](const QHttpServerRequest &request) {
        const Request copy = Request::from(request);
        return guarded([&] { return handler(copy); });
    });
}

quint16 ApiServer::listen(const QHostAddress &address, quint16 port)
{
    // QHttpServer::listen() keeps Qt's default backlog of 50: a burst of buyers beyond that has
    // its SYNs dropped and retried after 1, 3, 7 s... A deep backlog keeps them waiting in
    // the kernel's queue instead.
    auto server = std::make_unique<QTcpServer>();
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
