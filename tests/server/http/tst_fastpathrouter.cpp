// SPDX-License-Identifier: GPL-3.0-or-later
#include "queuefixture.h"
#include "testenv.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTcpSocket>
#include <QTest>

using namespace boxoffice::test;

namespace {

// Two requests' problems differ in their request ids only.
QJsonObject withoutRequestId(QJsonObject problem)
{
    problem.remove(QStringLiteral("request_id"));
    return problem;
}

struct Answer
{
    int status = 0;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;

    QByteArray header(const QByteArray &name) const
    {
        for (const auto &[key, value] : headers) {
            if (key.compare(name, Qt::CaseInsensitive) == 0)
                return value;
        }
        return {};
    }
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
};

// One keep-alive connection written to byte for byte, read answer by answer.
class Connection
{
public:
    explicit Connection(quint16 port)
    {
        m_socket.connectToHost(QStringLiteral("127.0.0.1"), port);
        m_socket.waitForConnected(5000);
    }
    bool isConnected() const { return m_socket.state() == QAbstractSocket::ConnectedState; }
    void send(const QByteArray &bytes)
    {
        m_socket.write(bytes);
        m_socket.waitForBytesWritten(5000);
    }
    // The next `count` answers (fewer if none comes within 10 s).
    QList<Answer> read(int count)
    {
        QList<Answer> answers;
        QElapsedTimer timer;
        timer.start();
        while (answers.size() < count && timer.elapsed() < 10000) {
            const qsizetype end = m_buffer.indexOf("\r\n\r\n");
            if (end >= 0) {
                Answer answer;
                const QList<QByteArray> lines = m_buffer.first(end).split('\n');
                answer.status = lines.value(0).split(' ').value(1).toInt();
                for (qsizetype i = 1; i < lines.size(); ++i) {
                    const QByteArray line = lines[i].trimmed();
                    const qsizetype colon = line.indexOf(':');
                    answer.headers.append({line.first(colon), line.sliced(colon + 1).trimmed()});
                }
                const qsizetype length = answer.header("Content-Length").toLongLong();
                if (m_buffer.size() >= end + 4 + length) {
                    answer.body = m_buffer.sliced(end + 4, length);
                    m_buffer.remove(0, end + 4 + length);
                    answers.append(answer);
                    continue;
                }
            }
            if (m_socket.bytesAvailable() == 0 && !m_socket.waitForReadyRead(200))
                continue;
            m_buffer += m_socket.readAll();
        }
        return answers;
    }
    Answer ask(const QByteArray &request)
    {
        send(request);
        return read(1).value(0);
    }

private:
    QTcpSocket m_socket;
    QByteArray m_buffer;
};

QByteArray joinRequest(const QString &eventId, const QString &user, const QByteArray &path = {})
{
    return "POST " + (path.isEmpty() ? "/events/" + eventId.toUtf8() + "/queue" : path)
           + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + testToken(user)
           + "\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}";
}

} // namespace

// Queue joins answered straight from the socket ahead of Qt's parser (http/FastPathRouter) against a
// real server, Redis and PostgreSQL: the same answers as Qt's path, pipelined requests in
// order, a connection shared with requests Qt serves, errors, and clients hanging up early.
class TestFastPathRouter : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<ServerProcess> m_server;
    QByteArray m_manager;
    const QString m_venue = QStringLiteral("rawhall");

    QString queuedEvent() const
    {
        return QueueClient{m_server->client()}.createEvent(m_manager, m_venue, 60, 1);
    }

private Q_SLOTS:
    void initTestCase()
    {
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        QVERIFY(!requiredEnv("BOXOFFICE_TEST_REDIS_URL").empty());
        // A user may join 3 times in a burst, then once a second.
        m_server = std::make_unique<ServerProcess>(
            url,
            QStringList{},
            QHash<QString, QString>{{QStringLiteral("BOXOFFICE_RATE_USER_PER_MINUTE"),
                                     QStringLiteral("60")},
                                    {QStringLiteral("BOXOFFICE_RATE_USER_BURST"),
                                     QStringLiteral("3")}});
        QVERIFY2(m_server->isRunning(), m_server->log().constData());
        m_manager = testToken(QStringLiteral("raw-manager"), QStringLiteral("manager"));
        const auto venue = m_server->client().postRaw("/venues",
                                                      venueJson(m_venue, 1, 2, 5, 0),
                                                      m_manager);
        QVERIFY2(venue.status == 201, venue.body.constData());
    }

    void sameAnswerAsQt()
    {
        const QString event = queuedEvent();
        Connection connection(m_server->port());
        // A query string is not a plain request for the front: Qt answers that one.
        const Answer viaQt = connection.ask(joinRequest(event,
                                                        QStringLiteral("same-1"),
                                                        "/events/" + event.toUtf8() + "/queue?x=1"));
        const Answer viaFront = connection.ask(joinRequest(event, QStringLiteral("same-1")));
        QCOMPARE(viaQt.status, 200);
        QCOMPARE(viaFront.status, 200);
        QCOMPARE(viaFront.json(), viaQt.json());
        QCOMPARE(viaFront.json().value(u"state").toString(), QStringLiteral("waiting"));
        QCOMPARE(viaFront.json().value(u"position").toInt(), 1);
        QCOMPARE(viaFront.header("Content-Type"), viaQt.header("Content-Type"));
        QCOMPARE(viaFront.headers.size(), viaQt.headers.size());
    }

    void pipelinedInOrder()
    {
        const QString event = queuedEvent();
        Connection connection(m_server->port());
        QCOMPARE(connection.ask(joinRequest(event, QStringLiteral("pipe-0"))).status, 200);
        QByteArray burst;
        for (int i = 1; i <= 5; ++i)
            burst += joinRequest(event, QStringLiteral("pipe-%1").arg(i));
        connection.send(burst);
        const QList<Answer> answers = connection.read(5);
        QCOMPARE(answers.size(), 5);
        for (int i = 0; i < 5; ++i) {
            QCOMPARE(answers[i].status, 200);
            QCOMPARE(answers[i].json().value(u"position").toInt(), i + 2); // in request order
        }
    }

    void connectionSharedWithQt()
    {
        const QString event = queuedEvent();
        Connection connection(m_server->port());
        const QByteArray health = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
        QCOMPARE(connection.ask(joinRequest(event, QStringLiteral("mix-1"))).status, 200);
        QCOMPARE(connection.ask(health).status, 200);
        QCOMPARE(connection.ask(joinRequest(event, QStringLiteral("mix-2")))
                     .json()
                     .value(u"position")
                     .toInt(),
                 2);
        // A join arriving in two parts: Qt's parser takes it from the first part on.
        const QByteArray split = joinRequest(event, QStringLiteral("mix-3"));
        connection.send(split.first(30));
        QTest::qWait(100);
        QCOMPARE(connection.ask(split.sliced(30)).json().value(u"position").toInt(), 3);
        // Then the connection is the front's again, and Qt's again for what the front leaves.
        QCOMPARE(connection.ask(joinRequest(event, QStringLiteral("mix-4")))
                     .json()
                     .value(u"position")
                     .toInt(),
                 4);
        QCOMPARE(connection.ask(health).status, 200);
        // A join and a request for Qt in one write: each is answered.
        connection.send(joinRequest(event, QStringLiteral("mix-5")) + health);
        const QList<Answer> both = connection.read(2);
        QCOMPARE(both.size(), 2);
        QCOMPARE(both[0].json().value(u"position").toInt(), 5);
        QCOMPARE(both[1].status, 200);
        QCOMPARE(connection.ask(joinRequest(event, QStringLiteral("mix-6")))
                     .json()
                     .value(u"position")
                     .toInt(),
                 6);
    }

    void errors()
    {
        const QString event = queuedEvent();
        Connection connection(m_server->port());
        // A token that does not verify.
        QByteArray bad = joinRequest(event, QStringLiteral("err-1"));
        bad.replace("Bearer ", "Bearer x");
        const Answer refused = connection.ask(bad);
        QCOMPARE(refused.status, 401);
        QCOMPARE(refused.header("Content-Type"), QByteArray("application/problem+json"));
        QCOMPARE(refused.json().value(u"code").toString(), QStringLiteral("unauthenticated"));
        // No token at all.
        QByteArray anonymous = "POST /events/" + event.toUtf8()
                               + "/queue HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n";
        QCOMPARE(connection.ask(anonymous).status, 401);
        // An unknown event: its settings are read on the worker pool.
        const Answer unknown = connection.ask(
            joinRequest({},
                        QStringLiteral("err-2"),
                        "/events/00000000-0000-0000-0000-000000000000/queue"));
        QCOMPARE(unknown.status, 404);
        QCOMPARE(unknown.json().value(u"code").toString(), QStringLiteral("not_found"));
        // An event without a waiting room.
        const QString open = QueueClient{m_server->client()}.createEvent(
            m_manager, m_venue, 60, 1, QDateTime::currentDateTimeUtc(), false);
        QCOMPARE(connection.ask(joinRequest(open, QStringLiteral("err-3"))).status, 404);
        // Over the rate limit: 429 with Retry-After, as from Qt's path.
        int limited = 0;
        for (int i = 0; i < 6; ++i) {
            const Answer answer = connection.ask(joinRequest(event, QStringLiteral("err-4")));
            if (answer.status == 429) {
                ++limited;
                QVERIFY(answer.header("Retry-After").toInt() >= 1);
                QCOMPARE(answer.json().value(u"code").toString(), QStringLiteral("rate_limited"));
            } else {
                QCOMPARE(answer.status, 200);
            }
        }
        QVERIFY(limited >= 2);
        // Still a working connection.
        QCOMPARE(connection.ask("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").status, 200);
    }

    void floodOfRefusals()
    {
        // Refusals are answered at once, so the front takes one request after the other from
        // a single write (2000 of them, 600 KB); then the connection still joins.
        const QString event = queuedEvent();
        QByteArray bad = joinRequest(event, QStringLiteral("flood"));
        bad.replace("Bearer ", "Bearer x");
        Connection connection(m_server->port());
        connection.send(bad.repeated(2000));
        const QList<Answer> answers = connection.read(2000);
        QCOMPARE(answers.size(), 2000);
        QVERIFY(std::all_of(answers.begin(), answers.end(), [](const Answer &answer) {
            return answer.status == 401;
        }));
        QCOMPARE(connection.ask(joinRequest(event, QStringLiteral("after-flood"))).status, 200);
    }

    void clientsHangingUp()
    {
        const QString event = queuedEvent();
        for (int i = 0; i < 30; ++i) {
            Connection gone(m_server->port());
            gone.send(joinRequest(event, QStringLiteral("gone-%1").arg(i))
                      + joinRequest(event, QStringLiteral("gone-%1").arg(i)).first(50));
        } // closed before (or while) the answers come
        QTest::qWait(200);
        Connection connection(m_server->port());
        const Answer answer = connection.ask(joinRequest(event, QStringLiteral("after-gone")));
        QCOMPARE(answer.status, 200);
        QVERIFY(m_server->isRunning());
    }

    // POST /holds goes through the front too: a hold is made on the workers, and a conflict
    // known from memory is answered at once, as from Qt's path.
    void holdsThroughTheFront()
    {
        const QString open = QueueClient{m_server->client()}.createEvent(
            m_manager, m_venue, 60, 1, QDateTime::currentDateTimeUtc(), false);
        const auto holdRequest = [&](const QString &user, const QByteArray &path) -> QByteArray {
            const QByteArray body = "{\"event_id\":\"" + open.toUtf8()
                                    + "\",\"seats\":[\"S1-2-3\"]}";
            return "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
                   + testToken(user) + "\r\nContent-Type: application/json\r\nContent-Length: "
                   + QByteArray::number(body.size()) + "\r\n\r\n" + body;
        };
        Connection connection(m_server->port());
        const Answer created = connection.ask(holdRequest(QStringLiteral("hold-1"), "/holds"));
        QCOMPARE(created.status, 201);
        QCOMPARE(created.json().value(u"seats").toArray(), QJsonArray{QStringLiteral("S1-2-3")});
        const Answer viaFront = connection.ask(holdRequest(QStringLiteral("hold-2"), "/holds"));
        const Answer viaQt = connection.ask(holdRequest(QStringLiteral("hold-2"), "/holds?x=1"));
        QCOMPARE(viaFront.status, 409);
        QCOMPARE(viaQt.status, 409);
        QCOMPARE(withoutRequestId(viaFront.json()), withoutRequestId(viaQt.json()));
        QCOMPARE(viaFront.json().value(u"code").toString(), QStringLiteral("seat_unavailable"));
        // Both paths name the request in the body and the header (issue 18).
        QCOMPARE(viaFront.json().value(u"request_id").toString().toLatin1(),
                 viaFront.header("X-Request-Id"));
        QVERIFY(!viaQt.header("X-Request-Id").isEmpty());
        QCOMPARE(viaFront.header("Content-Type"), viaQt.header("Content-Type"));
        // A bad body gets the worker path's problem, not a fast-lane guess.
        QByteArray broken = holdRequest(QStringLiteral("hold-3"), "/holds");
        broken.replace("\"seats\"", "\"seatz\"");
        const Answer invalid = connection.ask(broken);
        QCOMPARE(invalid.status, 400);
        QCOMPARE(invalid.header("Content-Type"), QByteArray("application/problem+json"));
        broken.replace("POST /holds ", "POST /holds?x=1 ");
        QCOMPARE(withoutRequestId(invalid.json()), withoutRequestId(connection.ask(broken).json()));
    }

    void cleanupTestCase()
    {
        // Sharing sockets with Qt left no complaint from QIODevice about transactions.
        const QByteArray log = m_server->log();
        QVERIFY2(!log.contains("QIODevice") && !log.contains("QAbstractSocket"), log.constData());
    }
};

QTEST_GUILESS_MAIN(TestFastPathRouter)
#include "tst_fastpathrouter.moc"
