#include "rawfront.h"

#include "apiserver.h"
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
    RawConnection(RawFront &front, QTcpSocket *socket)
        : QObject(socket)
        , m_front(front)
        , m_socket(socket)
        , m_peer(socket->peerAddress().toString())
    {
        connect(socket, &QTcpSocket::readyRead, this, &RawConnection::read);
    }

    /// One of this connection's requests was answered.
    void answered();

private:
    void read();
    void hold();
    const RawFront::Route *match(const SimpleRequest &request, QString *id) const;
    void dispatch(const RawFront::Route &route, const QString &id, SimpleRequest &&request);

    RawFront &m_front;
    QTcpSocket *m_socket;
    QString m_peer;
    int m_waiting = 0;      // requests taken and not answered yet
    bool m_holding = false; // our transaction keeps the bytes after them from Qt
    bool m_qtIdle = true;   // Qt's parser holds no part of a request
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
            socket->write(RawFront::serialize(response));
            socket->flush(); // out now, not after the rest of a burst was read
        }
        timer.reset();
        if (connection)
            connection->answered();
    }
};

} // namespace

void RawConnection::read()
{
    if (m_holding) {
        m_socket->read(m_socket->bytesAvailable()); // kept in our transaction until the answer
        return;
    }
    if (m_socket->isTransactionStarted()) {
        if (!m_qtIdle)
            return; // Qt is in the middle of a request: it keeps the connection until it is done
        // Qt's reader ran on an empty buffer after we took everything: it started a transaction
        // and read nothing, so undoing it changes nothing but lets us read again.
        m_socket->rollbackTransaction();
    }
    while (m_socket->bytesAvailable() > 0) {
        if (m_waiting > 0) {
            hold();
            return;
        }
        // Requests come whole in one read almost always; a partial one goes to Qt. A simple
        // request fits in 16 KiB (head and body limits), so no more is copied per request.
        const QByteArray data = m_socket->peek(std::min<qint64>(m_socket->bytesAvailable(), 16384));
        SimpleRequest request;
        QString id;
        if (SimpleRequest::parse(data, request) != SimpleRequest::Result::Complete)
            break;
        const RawFront::Route *route = match(request, &id);
        if (!route)
            break;
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

void RawConnection::answered()
{
    if (--m_waiting > 0 || !m_holding)
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

const RawFront::Route *RawConnection::match(const SimpleRequest &request, QString *id) const
{
    for (const RawFront::Route &route : m_front.m_routes) {
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
        *id = QString::fromLatin1(value);
        return &route;
    }
    return nullptr;
}

void RawConnection::dispatch(const RawFront::Route &route,
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

RawFront::RawFront(QThreadPool *workers, QObject *context)
    : m_workers(workers)
    , m_context(context)
{}

void RawFront::addRoute(
    QByteArray method, QByteArray prefix, QByteArray suffix, AsyncIdHandler fast, IdHandler slow)
{
    m_routes.append(
        {std::move(method), std::move(prefix), std::move(suffix), std::move(fast), std::move(slow)});
}

void RawFront::addExactRoute(QByteArray method, QByteArray path, AsyncIdHandler fast, IdHandler slow)
{
    m_routes.append(
        {std::move(method), std::move(path), {}, std::move(fast), std::move(slow), true});
}

void RawFront::attach(QTcpSocket *socket)
{
    new RawConnection(*this, socket); // a child of the socket
}

QByteArray RawFront::serialize(const QHttpServerResponse &response)
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
