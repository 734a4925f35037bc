// SPDX-License-Identifier: GPL-3.0-or-later
// The raw HTTP front's parser (server/http/simplerequest.*, used by fastpathrouter.cpp), differential
// against Qt's own: whatever SimpleRequest takes whole must be framed exactly as Qt's HTTP
// server frames it. Each request it takes for a GET or POST route (the only methods the front
// serves) is sent, cut at SimpleRequest's `size` and followed by a sentinel request, over
// loopback to an in-process QAbstractHttpServer; Qt must see the same method, path, headers
// (as handlers read them: first value by case-insensitive name) and body, and then the
// sentinel as the next request. Inputs the front leaves to Qt (NotSimple, Incomplete) only
// have to keep the parser's own invariants.
#include "fuzzcheck.h"

#include "http/request.h"
#include "http/simplerequest.h"

#include <QAbstractHttpServer>
#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QHttpServerRequest>
#include <QTcpServer>
#include <QTcpSocket>

#include <memory>

using namespace boxoffice::server;
using http::SimpleRequest;

namespace {

const QByteArray kSentinel = QByteArrayLiteral("GET /fuzz-sentinel HTTP/1.1\r\nHost: s\r\n\r\n");

class RecordingServer : public QAbstractHttpServer
{
public:
    QList<http::Request> seen;

protected:
    bool handleRequest(const QHttpServerRequest &request, QTcpSocket *socket) override
    {
        seen.append(http::Request::from(request));
        socket->write("HTTP/1.1 204 No Content\r\n\r\n");
        return true;
    }
    void missingHandler(const QHttpServerRequest &, QTcpSocket *) override {}
};

struct QtSide
{
    RecordingServer server;
    QTcpServer *listener = new QTcpServer(&server);
    std::unique_ptr<QTcpSocket> client;

    QtSide()
    {
        FUZZ_CHECK(listener->listen(QHostAddress::LocalHost, 0), "listening on loopback");
        server.bind(listener);
    }

    QTcpSocket &connection()
    {
        if (!client || client->state() != QAbstractSocket::ConnectedState) {
            client = std::make_unique<QTcpSocket>();
            client->connectToHost(QHostAddress::LocalHost, listener->serverPort());
            FUZZ_CHECK(client->waitForConnected(5000), "connected to Qt's server");
        }
        return *client;
    }

    // Qt's view of `bytes`: the requests it handled once the sentinel came through (or after
    // five seconds, or when it dropped the connection).
    QList<http::Request> frame(const QByteArray &bytes)
    {
        server.seen.clear();
        QTcpSocket &socket = connection();
        socket.write(bytes + kSentinel);
        const QDeadlineTimer deadline(5000);
        while (!deadline.hasExpired() && socket.state() == QAbstractSocket::ConnectedState
               && !(server.seen.size() >= 1 && server.seen.last().url.path() == u"/fuzz-sentinel")) {
            QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
            socket.readAll();
        }
        return server.seen;
    }
};

QtSide *qt = nullptr;

QList<QByteArray> headerNames(const SimpleRequest &ours, const http::Request &theirs)
{
    QList<QByteArray> names;
    for (const auto &header : ours.headers)
        names.append(header.first.toLower());
    for (const auto &header : theirs.headers)
        names.append(header.first.toLower());
    return names;
}

void checkInvariants(QByteArrayView input,
                     SimpleRequest::Result result,
                     const SimpleRequest &request)
{
    if (result != SimpleRequest::Result::Complete)
        return;
    FUZZ_CHECK(request.size > 0 && request.size <= input.size(), "size within the input");
    FUZZ_CHECK(input.first(request.size).endsWith(request.body), "the body ends the request");
    FUZZ_CHECK(request.body.size() <= 4096, "a small body");
    FUZZ_CHECK(request.path.startsWith('/'), "an origin-form path");
    // Taking the request again from its own bytes gives the same request.
    SimpleRequest again;
    FUZZ_CHECK(SimpleRequest::parse(input.first(request.size), again)
                   == SimpleRequest::Result::Complete,
               "the request alone is complete");
    FUZZ_CHECK(again.size == request.size && again.path == request.path
                   && again.body == request.body && again.headers == request.headers,
               "the same request from its own bytes");
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    static QCoreApplication app(*argc, *argv);
    qt = new QtSide;
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    const QByteArrayView input = boxoffice::fuzz::bytes(data, size);
    SimpleRequest request;
    const SimpleRequest::Result result = SimpleRequest::parse(input, request);
    checkInvariants(input, result, request);
    if (result != SimpleRequest::Result::Complete
        || (request.method != "GET" && request.method != "POST"))
        return 0;

    const QList<http::Request> seen = qt->frame(input.first(request.size).toByteArray());
    FUZZ_CHECK(seen.size() == 2, "Qt frames the request and then the next one");
    const http::Request &theirs = seen.first();
    FUZZ_CHECK(theirs.method == request.method, "the same method");
    FUZZ_CHECK(theirs.url.path() == QString::fromLatin1(request.path), "the same path");
    FUZZ_CHECK(theirs.query.isEmpty(), "no query");
    FUZZ_CHECK(theirs.body == request.body, "the same body");
    for (const QByteArray &name : headerNames(request, theirs)) {
        const bool ours = std::any_of(request.headers.begin(),
                                      request.headers.end(),
                                      [&](const auto &header) {
                                          return header.first.compare(name, Qt::CaseInsensitive)
                                                 == 0;
                                      });
        FUZZ_CHECK(theirs.hasHeader(name) == ours, "the same header names");
        FUZZ_CHECK(theirs.header(name) == request.header(name), "the same header values");
    }
    FUZZ_CHECK(seen.last().url.path() == u"/fuzz-sentinel", "the next request starts after it");
    return 0;
}
