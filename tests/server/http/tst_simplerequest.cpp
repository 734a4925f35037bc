// SPDX-License-Identifier: GPL-3.0-or-later
#include "http/simplerequest.h"

#include <QTest>

using boxoffice::server::http::SimpleRequest;
using Result = SimpleRequest::Result;

Q_DECLARE_METATYPE(SimpleRequest::Result)

// What the raw front takes from a connection ahead of Qt's parser: plain requests only; every
// unusual one is left to Qt (NotSimple), and a partial one waits (Incomplete).
class TestSimpleRequest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void parse_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<Result>("result");
        QTest::addColumn<QByteArray>("path");
        QTest::addColumn<QByteArray>("body");
        const QByteArray join = "POST /events/e1/queue HTTP/1.1\r\nHost: h\r\nAuthorization: "
                                "Bearer abc\r\nContent-Length: 2\r\n\r\n{}";
        QTest::newRow("join") << join << Result::Complete << QByteArray("/events/e1/queue")
                              << QByteArray("{}");
        QTest::newRow("no body") << QByteArray("POST /a HTTP/1.1\r\nHost: h\r\n\r\n")
                                 << Result::Complete << QByteArray("/a") << QByteArray();
        QTest::newRow("no headers") << QByteArray("GET /a HTTP/1.1\r\n\r\n") << Result::Complete
                                    << QByteArray("/a") << QByteArray();
        QTest::newRow("keep-alive")
            << QByteArray("GET /a HTTP/1.1\r\nConnection: Keep-Alive\r\n\r\n") << Result::Complete
            << QByteArray("/a") << QByteArray();
        QTest::newRow("pipelined: the first") << join + join << Result::Complete
                                              << QByteArray("/events/e1/queue") << QByteArray("{}");
        QTest::newRow("head only so far")
            << join.first(40) << Result::Incomplete << QByteArray() << QByteArray();
        QTest::newRow("body not all there")
            << join.chopped(1) << Result::Incomplete << QByteArray() << QByteArray();
        QTest::newRow("empty") << QByteArray() << Result::Incomplete << QByteArray()
                               << QByteArray();
        const auto notSimple = [](const char *name, const QByteArray &bytes) {
            QTest::newRow(name) << bytes << Result::NotSimple << QByteArray() << QByteArray();
        };
        notSimple("HTTP/1.0", "GET /a HTTP/1.0\r\n\r\n");
        notSimple("query", "GET /a?b=1 HTTP/1.1\r\n\r\n");
        notSimple("percent-encoded", "GET /a%2Fb HTTP/1.1\r\n\r\n");
        notSimple("dot segment", "GET /a/../b HTTP/1.1\r\n\r\n");
        notSimple("double slash", "GET //a HTTP/1.1\r\n\r\n");
        notSimple("absolute form", "GET http://h/a HTTP/1.1\r\n\r\n");
        notSimple("lower-case method", "post /a HTTP/1.1\r\n\r\n");
        notSimple("two spaces", "GET  /a HTTP/1.1\r\n\r\n");
        notSimple("chunked",
                  "POST /a HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n");
        notSimple("expect", "POST /a HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n");
        notSimple("upgrade",
                  "GET /ws HTTP/1.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n");
        notSimple("connection close", "GET /a HTTP/1.1\r\nConnection: close\r\n\r\n");
        notSimple("two lengths",
                  "POST /a HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}");
        notSimple("signed length", "POST /a HTTP/1.1\r\nContent-Length: +2\r\n\r\n{}");
        notSimple("large body", "POST /a HTTP/1.1\r\nContent-Length: 4097\r\n\r\n");
        notSimple("folded header", "GET /a HTTP/1.1\r\nX-A: 1\r\n 2\r\n\r\n");
        notSimple("bare LF", "GET /a HTTP/1.1\r\nX-A: 1\nX-B: 2\r\n\r\n");
        notSimple("space in a name", "GET /a HTTP/1.1\r\nX A: 1\r\n\r\n");
        notSimple("no colon", "GET /a HTTP/1.1\r\nX-A\r\n\r\n");
        notSimple("huge head", "GET /a HTTP/1.1\r\nX-A: " + QByteArray(9000, 'a'));
        // Qt keeps 100 header fields: the 101st makes the request Qt's (fuzz_rawfront).
        QByteArray many = "GET /a HTTP/1.1\r\n";
        for (int i = 0; i < 100; ++i)
            many += "X-" + QByteArray::number(i) + ": 1\r\n";
        QTest::newRow("100 header fields") << many + "\r\n"
                                           << Result::Complete << QByteArray("/a") << QByteArray();
        notSimple("101 header fields", many + "X-A: 1\r\n\r\n");
    }
    void parse()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(Result, result);
        SimpleRequest request;
        QCOMPARE(SimpleRequest::parse(bytes, request), result);
        if (result != Result::Complete)
            return;
        QFETCH(QByteArray, path);
        QFETCH(QByteArray, body);
        QCOMPARE(request.path, path);
        QCOMPARE(request.body, body);
        QVERIFY(request.size > 0 && request.size <= bytes.size());
        const QByteArray tail = QByteArray("\r\n\r\n") + body;
        QVERIFY(bytes.first(request.size).endsWith(tail));
    }

    void headers()
    {
        SimpleRequest request;
        QCOMPARE(
            SimpleRequest::parse("POST /events/x/queue HTTP/1.1\r\nauthorization:  Bearer t \r\n"
                                 "X-Empty:\r\ncontent-length: 0\r\n\r\nGET /next",
                                 request),
            Result::Complete);
        QCOMPARE(request.method, QByteArray("POST"));
        QCOMPARE(request.header("Authorization"), QByteArray("Bearer t"));
        QCOMPARE(request.header("x-empty"), QByteArray());
        QCOMPARE(request.headers.size(), 3);
        QCOMPARE(request.size,
                 qsizetype(strlen("POST /events/x/queue HTTP/1.1\r\nauthorization:  "
                                  "Bearer t \r\nX-Empty:\r\ncontent-length: 0\r\n\r\n")));
    }
};

QTEST_GUILESS_MAIN(TestSimpleRequest)
#include "tst_simplerequest.moc"
