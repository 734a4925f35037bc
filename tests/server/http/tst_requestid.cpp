// SPDX-License-Identifier: GPL-3.0-or-later
// Request ids (issue 18): a fan's complaint ("it said error 503, id 9f2c...") finds the request:
// the id is the client's X-Request-Id when sane, else made up; problem answers carry it in
// `request_id` and X-Request-Id, and JSON log lines written while answering name it.
#include "app/realtimeconfig.h"
#include "http/reply.h"
#include "http/request.h"
#include "metrics/registry.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryFile>
#include <QTest>

#include <cstdio>
#include <unistd.h>

using namespace boxoffice::server;
using namespace boxoffice::server::http;

namespace {

Request withHeader(const QByteArray &value)
{
    Request request;
    request.headers.append({QByteArrayLiteral("x-request-id"), value});
    return request;
}

QJsonObject bodyOf(const QHttpServerResponse &response)
{
    return QJsonDocument::fromJson(response.data()).object();
}

double responsesCounted(const char *statusClass)
{
    const QString text = QString::fromUtf8(metrics::Registry::instance().render());
    const QRegularExpression line(QStringLiteral(
                                      "^boxoffice_http_responses_total\\{class=\"%1\"\\} (\\S+)$")
                                      .arg(QLatin1String(statusClass)),
                                  QRegularExpression::MultilineOption);
    const auto match = line.match(text);
    return match.hasMatch() ? match.captured(1).toDouble() : 0.0;
}

} // namespace

class TestRequestId : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void honoursASaneClientId()
    {
        QCOMPARE(withHeader("fan-complaint:42_a.b").ensureRequestId(),
                 QByteArray("fan-complaint:42_a.b"));
    }

    void replacesAnInsaneOne_data()
    {
        QTest::addColumn<QByteArray>("given");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("space") << QByteArray("two words");
        QTest::newRow("quote") << QByteArray("a\"b");
        QTest::newRow("newline") << QByteArray("a\r\nSet-Cookie: x");
        QTest::newRow("too long") << QByteArray(129, 'a');
    }
    void replacesAnInsaneOne()
    {
        QFETCH(QByteArray, given);
        const Request request = withHeader(given);
        const QByteArray id = request.ensureRequestId();
        QVERIFY2(QRegularExpression(QStringLiteral("^[0-9a-f]{16}$"))
                     .match(QString::fromLatin1(id))
                     .hasMatch(),
                 id.constData());
        QCOMPARE(request.ensureRequestId(), id); // stable for the request's life
        QVERIFY(Request().ensureRequestId() != id);
    }

    void problemsCarryTheIdInScope()
    {
        const Request request = withHeader("req-1");
        const RequestIdScope scope(request);
        const QHttpServerResponse response = problem(
            domain::Error(domain::ErrorCode::SeatUnavailable, QStringLiteral("taken")));
        QCOMPARE(bodyOf(response).value(u"request_id").toString(), QStringLiteral("req-1"));
        QCOMPARE(bodyOf(response).value(u"code").toString(), QStringLiteral("seat_unavailable"));
        QCOMPARE(response.headers("X-Request-Id"), QList<QByteArray>{"req-1"});
        // A success keeps its body as it is, with the id in the header only.
        const QHttpServerResponse ok = toHttp({200, QJsonObject{{QStringLiteral("a"), 1}}});
        QVERIFY(!bodyOf(ok).contains(u"request_id"));
        QCOMPARE(ok.headers("X-Request-Id"), QList<QByteArray>{"req-1"});
    }

    void noIdOutsideARequest()
    {
        {
            const RequestIdScope outer(withHeader("outer"));
            {
                const RequestIdScope inner(withHeader("inner"));
                QCOMPARE(RequestIdScope::current(), QByteArray("inner"));
            }
            QCOMPARE(RequestIdScope::current(), QByteArray("outer"));
        }
        QVERIFY(RequestIdScope::current().isEmpty());
        const QHttpServerResponse response = problem(
            domain::Error(domain::ErrorCode::NotFound, QStringLiteral("no such hold")));
        QVERIFY(!bodyOf(response).contains(u"request_id"));
        QVERIFY(!response.hasHeader("X-Request-Id"));
    }

    void answersAreCountedByClass()
    {
        const double before4xx = responsesCounted("4xx");
        const double before5xx = responsesCounted("5xx");
        problem(domain::Error(domain::ErrorCode::NotFound, QStringLiteral("x")));
        problem(domain::Error(domain::ErrorCode::Unavailable, QStringLiteral("y")));
        problem(domain::Error(domain::ErrorCode::Unavailable, QStringLiteral("z")));
        QCOMPARE(responsesCounted("4xx"), before4xx + 1);
        QCOMPARE(responsesCounted("5xx"), before5xx + 2);
    }

    void jsonLogLinesNameTheRequest()
    {
        // The JSON log goes to stderr: point it at a file for the test.
        QTemporaryFile log;
        QVERIFY(log.open());
        std::fflush(stderr);
        const int saved = ::dup(STDERR_FILENO);
        QVERIFY(::dup2(log.handle(), STDERR_FILENO) >= 0);
        installLogFormat(QStringLiteral("json"));
        {
            const RequestIdScope scope(withHeader("logged-7"));
            // A 5xx problem is logged (the line a complaint about an error finds).
            problem(domain::Error(domain::ErrorCode::Unavailable, QStringLiteral("db down")));
        }
        qWarning("outside any request");
        qInstallMessageHandler(nullptr);
        std::fflush(stderr);
        ::dup2(saved, STDERR_FILENO);
        ::close(saved);
        QVERIFY(log.seek(0));
        const QList<QByteArray> lines = log.readAll().split('\n');
        QList<QJsonObject> objects;
        for (const QByteArray &line : lines) {
            if (!line.isEmpty())
                objects.append(QJsonDocument::fromJson(line).object());
        }
        QCOMPARE(objects.size(), 2);
        QCOMPARE(objects[0].value(u"request_id").toString(), QStringLiteral("logged-7"));
        QVERIFY(objects[0].value(u"msg").toString().contains(u"unavailable"));
        QCOMPARE(objects[0].value(u"level").toString(), QStringLiteral("warning"));
        QVERIFY(!objects[1].contains(u"request_id"));
    }
};

QTEST_GUILESS_MAIN(TestRequestId)
#include "tst_requestid.moc"
