// SPDX-License-Identifier: GPL-3.0-or-later
#include "fastpathrouter.h"

#include "apiserver.h"
#include "domain/ids.h"
#include "edgelimits.h"
#include "reply.h"
#include "requesttimer.h"
#include "simplerequest.h"

#include <QPointer>
#include <QTcpSocket>
#include <QThreadPool>

namespace boxoffice::server::http {

namespace {

QByteArrayView reason(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 201:
        return "Created";
    case 204:
        return "No Content";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 403:
        return "Forbidden";
    case 404:
        return "Not Found";
    case 431:
        return "Request Header Fields Too Large";
    case 409:
        return "Conflict";
    case 413:
        return "Payload Too Large";
    case 422:
        return "Unprocessable Entity";
    case 429:
        return "Too Many Requests";
    case 500:
        return "Internal Server Error";
    case 503:
        return "Service Unavailable";
    default:
        return "Status";
    }
}

} // namespace

/// The front's reader of one connection: a child of its socket. Answers go out in request
/// order: while one of its requests waits for an answer, every later byte is kept from Qt (in a
/// transaction of its own, undone afterwards) and read again once the answer is out.
class RawConnection : public QObject
{
public:
    RawConnection(FastPathRouter &front, QTcpSocket *socket)
        : QObject(socket)
        , m_front(front)
        , m_socket(socket)
        , m_peer(socket->peerAddress().toString())
        , m_pending(new PendingAnswers(socket))
    {
        connect(socket, &QTcpSocket::readyRead, this, &RawConnection::read);
        m_pending->setOnIdle([this] { release(); });
    }

    /// One of this connection's requests was answered.
    void answered();

private:
    void read();
    void hold();
    /// Reads the held bytes again once nothing is waiting for an answer any more.
    void release();
    /// Keeps an incomplete head from Qt until it is whole (then it is checked).
    void holdHead();
    /// Answers `status` and closes: the request is refused by its head alone.
    void refuse(int status, domain::ErrorCode code, const QString &detail);
    const FastPathRouter::Route *match(const SimpleRequest &request, QString *id) const;
    void dispatch(const FastPathRouter::Route &route, const QString &id, SimpleRequest &&request);

    FastPathRouter &m_front;
    QTcpSocket *m_socket;
    QString m_peer;
    PendingAnswers *m_pending; // Qt's answers still due on this connection
    int m_waiting = 0;         // requests taken and not answered yet
    bool m_holding = false;    // our transaction keeps the bytes after them from Qt
    bool m_headHold = false;   // our transaction keeps an incomplete head from Qt
    bool m_refused = false;    // answered by its head and closing: nothing more is read
    bool m_qtIdle = true;      // Qt's parser holds no part of a request
};

namespace {

// One request waiting for its answer; the first answer counts, and goes out only if the
// connection is still there.
struct Exchange
{
    QPointer<QTcpSocket> socket;
    QPointer<RawConnection> connection;
    std::unique_ptr<RequestTimer> timer = std::make_unique<RequestTimer>();
    bool answered = false;

    void answer(const QHttpServerResponse &response)
    {
        if (answered)
            return;
        answered = true;
        if (socket && socket->state() == QAbstractSocket::ConnectedState) {
            const QByteArray bytes = FastPathRouter::serialize(response);
            if (!edge::dropIfOverOutbound(socket, bytes.size())) {
                socket->write(bytes);
                socket->flush(); // out now, not after the rest of a burst was read
            }
        }
        timer.reset();
        if (connection)
            connection->answered();
    }
};

} // namespace

void RawConnection::read()
{
    if (m_refused) {
        m_socket->readAll(); // closing: read and dropped
        return;
    }
    if (m_holding) {
        m_socket->read(m_socket->bytesAvailable()); // kept in our transaction until the answer
        return;
    }
    if (m_headHold) { // more of a head came: look at all of it again
        m_headHold = false;
        m_socket->rollbackTransaction();
    }
    if (m_socket->isTransactionStarted()) {
        if (!m_qtIdle)
            return; // Qt is in the middle of a request: it keeps the connection until it is done
        // Qt's reader ran on an empty buffer after we took everything: it started a transaction
        // and read nothing, so undoing it changes nothing but lets us read again.
        m_socket->rollbackTransaction();
    }
    while (m_socket->bytesAvailable() > 0) {
        // One request in the works per connection: answers go out in request order.
        if (m_waiting > 0 || m_pending->busy()) {
            hold();
            return;
        }
        // Requests come whole in one read almost always; a partial one goes to Qt. A simple
        // request fits in 16 KiB (head and body limits), so no more is copied per request.
        const QByteArray data = m_socket->peek(std::min<qint64>(m_socket->bytesAvailable(), 16384));
        SimpleRequest request;
        QString id;
        const FastPathRouter::Route *route = nullptr;
        if (SimpleRequest::parse(data, request) == SimpleRequest::Result::Complete)
            route = match(request, &id);
        if (!route) {
            // Qt's request: its head is checked first, before Qt buffers any of its body.
            const QByteArray head = m_socket->peek(
                std::min<qint64>(m_socket->bytesAvailable(), edge::kMaxHeadBytes));
            switch (edge::checkHead(head, m_front.m_maxBody)) {
            case edge::HeadVerdict::Ok:
                break;
            case edge::HeadVerdict::Incomplete:
                holdHead();
                return;
            case edge::HeadVerdict::TooLarge:
                return refuse(413,
                              domain::ErrorCode::PayloadTooLarge,
                              QStringLiteral("the body is larger than %1 bytes")
                                  .arg(m_front.m_maxBody));
            case edge::HeadVerdict::HeadTooLarge:
                return refuse(431,
                              domain::ErrorCode::BadRequest,
                              QStringLiteral("the request head is larger than %1 bytes")
                                  .arg(edge::kMaxHeadBytes));
            case edge::HeadVerdict::Chunked:
                return refuse(400,
                              domain::ErrorCode::BadRequest,
                              QStringLiteral("send the body with a Content-Length"));
            case edge::HeadVerdict::BadLength:
                return refuse(400,
                              domain::ErrorCode::BadRequest,
                              QStringLiteral("a bad Content-Length"));
            }
            break;
        }
        m_socket->skip(request.size);
        ++m_waiting;
        dispatch(*route, id, std::move(request));
        if (!m_socket->isOpen())
            return;
    }
    // What is left (nothing, or a request this front does not take, or part of one) is Qt's.
    m_qtIdle = m_socket->bytesAvailable() == 0;
}

void RawConnection::hold()
{
    m_socket->startTransaction();
    m_socket->read(m_socket->bytesAvailable());
    m_holding = true;
}

void RawConnection::holdHead()
{
    m_socket->startTransaction();
    m_socket->read(m_socket->bytesAvailable());
    m_headHold = true;
}

void RawConnection::refuse(int status, domain::ErrorCode code, const QString &detail)
{
    edge::countOversize();
    m_refused = true;
    m_socket->readAll(); // nothing of it for Qt
    QByteArray bytes = FastPathRouter::serialize(problem(domain::Error(code, detail)));
    // The status of the problem table may differ (431 has no code of its own); the line says.
    const QByteArray statusLine = "HTTP/1.1 " + QByteArray::number(status) + ' '
                                  + reason(status).toByteArray();
    bytes.replace(0, bytes.indexOf("\r\n"), statusLine);
    bytes.replace("\r\nContent-Length:", "\r\nConnection: close\r\nContent-Length:");
    m_socket->write(bytes);
    m_socket->disconnectFromHost(); // after the answer is out
}

void RawConnection::answered()
{
    --m_waiting;
    release();
}

void RawConnection::release()
{
    if (m_waiting > 0 || m_pending->busy() || !m_holding)
        return;
    m_holding = false;
    if (m_socket->isTransactionStarted()) // not after the connection closed
        m_socket->rollbackTransaction();
    // Read what was held, on a fresh call: this one may be inside a request's dispatch.
    QMetaObject::invokeMethod(
        this,
        [this] {
            if (m_socket->bytesAvailable() > 0)
                Q_EMIT m_socket->readyRead();
        },
        Qt::QueuedConnection);
}

const FastPathRouter::Route *RawConnection::match(const SimpleRequest &request, QString *id) const
{
    for (const FastPathRouter::Route &route : m_front.m_routes) {
        if (route.exact) {
            if (request.method == route.method && request.path == route.prefix) {
                id->clear();
                return &route;
            }
            continue;
        }
        const qsizetype idLength = request.path.size() - route.prefix.size() - route.suffix.size();
        if (idLength <= 0 || request.method != route.method
            || !request.path.startsWith(route.prefix) || !request.path.endsWith(route.suffix)) {
            continue;
        }
        const QByteArrayView value = QByteArrayView(request.path)
                                         .sliced(route.prefix.size(), idLength);
        if (value.contains('/'))
            continue;
        *id = domain::canonicalId(QString::fromLatin1(value));
        return &route;
    }
    return nullptr;
}

void RawConnection::dispatch(const FastPathRouter::Route &route,
                             const QString &id,
                             SimpleRequest &&request)
{
    auto exchange = std::make_shared<Exchange>();
    exchange->socket = m_socket;
    exchange->connection = this;
    Request copy;
    copy.method = std::move(request.method);
    copy.url.setPath(QString::fromLatin1(request.path));
    copy.headers = std::move(request.headers);
    copy.body = std::move(request.body);
    copy.remoteAddress = m_peer;
    const Respond respond = [exchange,
                             requestId = copy.ensureRequestId()](QHttpServerResponse &&response) {
        exchange->answer(withRequestId(std::move(response), requestId));
    };
    bool handled = true;
    bool threw = true;
    QHttpServerResponse failure = ApiServer::guarded(copy, [&] {
        handled = route.fast(id, copy, respond);
        threw = false;
        return QHttpServerResponse(QHttpServerResponse::StatusCode::NoContent);
    });
    if (threw) {
        respond(std::move(failure));
    } else if (!handled) {
        QObject *context = m_front.m_context;
        m_front.m_workers->start([slow = route.slow, id, copy = std::move(copy), respond, context] {
            auto response = std::make_shared<QHttpServerResponse>(
                ApiServer::guarded(copy, [&] { return slow(id, copy); }));
            QMetaObject::invokeMethod(
                context,
                [respond, response] { respond(std::move(*response)); },
                Qt::QueuedConnection);
        });
    }
}

FastPathRouter::FastPathRouter(QThreadPool *workers, QObject *context)
    : m_workers(workers)
    , m_context(context)
{}

void FastPathRouter::setMaxBody(qint64 bytes)
{
    m_maxBody = std::max(m_maxBody, bytes);
}

void FastPathRouter::addRoute(
    QByteArray method, QByteArray prefix, QByteArray suffix, AsyncIdHandler fast, IdHandler slow)
{
    m_routes.append(
        {std::move(method), std::move(prefix), std::move(suffix), std::move(fast), std::move(slow)});
}

void FastPathRouter::addExactRoute(QByteArray method,
                                   QByteArray path,
                                   AsyncIdHandler fast,
                                   IdHandler slow)
{
    m_routes.append(
        {std::move(method), std::move(path), {}, std::move(fast), std::move(slow), true});
}

void FastPathRouter::attach(QTcpSocket *socket)
{
    new RawConnection(*this, socket); // a child of the socket
}

QByteArray FastPathRouter::serialize(const QHttpServerResponse &response)
{
    const int status = int(response.statusCode());
    const QByteArray body = response.data();
    const QByteArray mime = response.mimeType();
    QByteArray out;
    out.reserve(128 + body.size());
    out += "HTTP/1.1 ";
    out += QByteArray::number(status);
    out += ' ';
    out += reason(status);
    out += "\r\n";
    if (!mime.isEmpty()) {
        out += "Content-Type: ";
        out += mime;
        out += "\r\n";
    }
    for (const QByteArray &name :
         {QByteArrayLiteral("Retry-After"), QByteArrayLiteral("X-Request-Id")}) {
        for (const QByteArray &value : response.headers(name)) {
            out += name;
            out += ": ";
            out += value;
            out += "\r\n";
        }
    }
    out += "Content-Length: ";
    out += QByteArray::number(body.size());
    out += "\r\n\r\n";
    out += body;
    return out;
}

} // namespace boxoffice::server::http
