// SPDX-License-Identifier: GPL-3.0-or-later
#include "dbcheck.h"
#include "rawwsclient.h"
#include "realtimefixture.h"
#include "redisfixture.h"
#include "testenv.h"
#include "wsclient.h"

#include <QElapsedTimer>
#include <QTest>

using namespace boxoffice::test;

// Issue 15, defects 3 and 10: a WebSocket session does not outlive its token (every op checks
// it once its `exp` has passed, and the session is told and must authenticate again), and
// WebSocket holds are rate limited per client address, not in one bucket shared by every
// WebSocket client. Issue 31 item 1: fans who are not signed in watch the live seat map over
// the WebSocket (read only, a few sockets per address). Real server, PostgreSQL and Redis;
// clients from several loopback addresses.
class TestWsSessionLimits : public QObject
{
    Q_OBJECT
private:
    OwnRedis m_redis; // its tight per-address limits must not reach other tests' buckets
    std::unique_ptr<ServerProcess> m_server;
    QString m_eventId;
    int m_nextSeat = 0;

    QStringList nextSeat()
    {
        const int n = m_nextSeat++;
        return {QStringLiteral("S1-%1-%2").arg(1 + n / 20).arg(1 + n % 20)};
    }

    QJsonObject holdParams()
    {
        return {{QStringLiteral("event_id"), m_eventId},
                {QStringLiteral("seats"), QJsonArray::fromStringList(nextSeat())}};
    }

    // One request on a raw client; its reply (pushes in between are skipped).
    static QJsonObject call(RawWsClient &client, int id, const QString &op, QJsonObject params)
    {
        params.insert(QStringLiteral("id"), id);
        params.insert(QStringLiteral("op"), op);
        client.sendText(QJsonDocument(params).toJson(QJsonDocument::Compact));
        for (int round = 0; round < 50; ++round) {
            for (const QJsonObject &frame : client.read(200)) {
                if (frame.value(u"id").toInt() == id)
                    return frame;
            }
        }
        return {};
    }

    static QString code(const QJsonObject &reply)
    {
        return reply.value(u"error").toObject().value(u"code").toString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        QVERIFY(!requiredEnv("BOXOFFICE_TEST_REDIS_URL").empty());
        // Per user: plenty. Per address: a burst of 3, then one a minute.
        QVERIFY(m_redis.start());
        m_server = std::make_unique<ServerProcess>(
            url,
            QStringList{QStringLiteral("--redis-url"), m_redis.url()},
            QHash<QString, QString>{
                {QStringLiteral("BOXOFFICE_RATE_USER_PER_MINUTE"), QStringLiteral("6000")},
                {QStringLiteral("BOXOFFICE_RATE_USER_BURST"), QStringLiteral("100")},
                {QStringLiteral("BOXOFFICE_RATE_IP_PER_MINUTE"), QStringLiteral("1")},
                {QStringLiteral("BOXOFFICE_RATE_IP_BURST"), QStringLiteral("3")},
                {QStringLiteral("BOXOFFICE_WS_WATCHERS_PER_ADDRESS"), QStringLiteral("3")}});
        QVERIFY2(m_server->isRunning(), m_server->log().constData());
        m_eventId = createEvent(*m_server, QStringLiteral("wslimits"), 1, 10, 20, 50, 50);
        QVERIFY(!m_eventId.isEmpty());
    }

    // Defect 3: a token 57 s past its exp is still inside the verifier's 60 s leeway; a few
    // seconds later it is not, and the session that kept itself alive may no longer hold.
    void sessionEndsWithItsToken()
    {
        WsClient client(m_server->port(),
                        testToken(QStringLiteral("ws-expiring"), QStringLiteral("fan"), -57));
        QVERIFY(client.isConnected());
        const QJsonObject first = client.request(QStringLiteral("hold.create"), holdParams());
        QVERIFY2(first.value(u"ok").toBool(), QJsonDocument(first).toJson().constData());
        QTest::qWait(4500); // past exp + leeway; pings keep the connection up meanwhile
        const QJsonObject late = client.request(QStringLiteral("hold.create"), holdParams());
        QVERIFY2(!late.value(u"ok").toBool(), QJsonDocument(late).toJson().constData());
        QCOMPARE(late.value(u"error").toObject().value(u"code").toString(),
                 QStringLiteral("unauthenticated"));
        const QJsonObject order = client.request(QStringLiteral("order.create"),
                                                 {{QStringLiteral("hold_id"),
                                                   first.value(u"result").toObject().value(
                                                       u"hold_id")}});
        QCOMPARE(order.value(u"error").toObject().value(u"code").toString(),
                 QStringLiteral("unauthenticated"));
        // A fresh token brings the session back.
        const QJsonObject again = client.request(QStringLiteral("auth"),
                                                 {{QStringLiteral("token"),
                                                   QString::fromLatin1(
                                                       testToken(QStringLiteral("ws-expiring")))}});
        QVERIFY(again.value(u"ok").toBool());
        QVERIFY(client.request(QStringLiteral("hold.create"), holdParams()).value(u"ok").toBool());
    }

    // The server says so by itself (within a tick) to a session that only pings, and closes it
    // when no new token comes within the auth timeout.
    void idleSessionIsToldAndClosed()
    {
        WsClient client(m_server->port(),
                        testToken(QStringLiteral("ws-idle"), QStringLiteral("fan"), -58));
        QVERIFY(client.isConnected());
        bool told = false;
        for (int i = 0; i < 8 && !told; ++i) {
            const auto push = client.nextPush(1000);
            told = push && push->value(u"type").toString() == u"auth.expired";
        }
        QVERIFY(told);
        QVERIFY(client.waitClosed(15000));
    }

    // Issue 31 item 3: the server pings a connection that says nothing (ready-made frames it
    // writes past Qt's buffer, which no longer comes back for them): one that answers with pongs
    // (QWebSocket does by itself) stays open past the idle timeout, one that never answers is
    // closed once it has been quiet that long.
    void quietConnectionsArePinged()
    {
        ServerProcess server(requiredEnv("BOXOFFICE_TEST_DATABASE_URL"),
                             QStringList{QStringLiteral("--redis-url"), m_redis.url()},
                             {{QStringLiteral("BOXOFFICE_WS_IDLE_TIMEOUT_MS"),
                               QStringLiteral("3000")}}); // pings every second
        QVERIFY2(server.isRunning(), server.log().constData());
        WsClient answering(server.port(), testToken(QStringLiteral("ws-answering")));
        RawWsClient silent(server.port(), testToken(QStringLiteral("ws-silent")), 65536);
        QVERIFY(answering.isConnected());
        QVERIFY(silent.isOpen());
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < 6000) {
            QTest::qWait(100); // the answering client's pongs go out meanwhile
            silent.read(0);
        }
        QVERIFY(silent.pings() >= 1);
        QVERIFY(silent.ended());
        QVERIFY(answering.isConnected());
        const QJsonObject still = answering.request(QStringLiteral("auth"),
                                                    {{QStringLiteral("token"),
                                                      QString::fromLatin1(testToken(
                                                          QStringLiteral("ws-answering")))}});
        QVERIFY2(still.value(u"ok").toBool(), QJsonDocument(still).toJson().constData());
    }

    // Defect 10: one address spends its burst; another address (another fan) is not affected.
    // (127.0.0.1's bucket has the holds of the tests above.)
    void holdsLimitedPerAddress()
    {
        RawWsClient first(m_server->port(), testToken(QStringLiteral("ws-a")), 65536, 0x7f000003);
        RawWsClient second(m_server->port(), testToken(QStringLiteral("ws-b")), 65536, 0x7f000002);
        QVERIFY(first.isOpen());
        QVERIFY(second.isOpen());
        int granted = 0;
        QString lastCode;
        for (int i = 0; i < 4; ++i) {
            const QJsonObject reply = call(first,
                                           10 + i,
                                           QStringLiteral("hold.create"),
                                           holdParams());
            granted += reply.value(u"ok").toBool() ? 1 : 0;
            lastCode = code(reply);
        }
        QCOMPARE(granted, 3);
        QCOMPARE(lastCode, QStringLiteral("rate_limited"));
        const QJsonObject other = call(second, 1, QStringLiteral("hold.create"), holdParams());
        QVERIFY2(other.value(u"ok").toBool(), QJsonDocument(other).toJson().constData());
        QCOMPARE(inventoryViolations(m_server->databaseUrl()), QString());
    }

    // A fan who is not signed in watches: the snapshot, then a seat another fan holds; any
    // other op asks for a token; the socket stays past the auth timeout while it watches, and
    // one that watches nothing is closed.
    void watchersSeeTheMapWithoutSigningIn()
    {
        WsClient watcher(m_server->port());
        QVERIFY(watcher.isConnected());
        const QJsonObject map{{QStringLiteral("topic"), QStringLiteral("seatmap")},
                              {QStringLiteral("event_id"), m_eventId}};
        const QJsonObject subscribed = watcher.request(QStringLiteral("subscribe"), map);
        QVERIFY2(subscribed.value(u"ok").toBool(), QJsonDocument(subscribed).toJson().constData());
        const auto snapshot = watcher.nextPush();
        QVERIFY(snapshot && snapshot->value(u"type").toString() == u"seatmap.snapshot");
        WsClient idle(m_server->port());
        QVERIFY(idle.isConnected());

        const auto holdWatched = [&](quint32 source, const QByteArray &fan) -> QString {
            RawWsClient holder(m_server->port(), testToken(fan), 65536, source);
            const QStringList seat = nextSeat();
            const QJsonObject held = call(holder,
                                          1,
                                          QStringLiteral("hold.create"),
                                          {{QStringLiteral("event_id"), m_eventId},
                                           {QStringLiteral("seats"),
                                            QJsonArray::fromStringList(seat)}});
            if (!held.value(u"ok").toBool())
                return QStringLiteral("hold refused: ")
                       + QString::fromUtf8(QJsonDocument(held).toJson());
            for (int i = 0; i < 20; ++i) {
                const auto push = watcher.nextPush(1000);
                if (push && push->value(u"type").toString() == u"seatmap.delta"
                    && QJsonDocument(push->value(u"changes").toArray())
                           .toJson()
                           .contains(seat[0].toUtf8()))
                    return QString();
            }
            return QString(QStringLiteral("no delta for ") + seat[0]);
        };
        QCOMPARE(holdWatched(0x7f000006, "ws-watched-1"), QString());
        const QJsonObject hold = watcher.request(QStringLiteral("hold.create"), holdParams());
        QCOMPARE(code(hold), QStringLiteral("unauthenticated"));

        // Past the auth timeout (10 s): the watcher is still there and still told.
        QVERIFY(idle.waitClosed(15000));
        QVERIFY(watcher.isConnected());
        QCOMPARE(holdWatched(0x7f000007, "ws-watched-2"), QString());
        // Watching nothing any more, it must sign in or go.
        QVERIFY(watcher.request(QStringLiteral("unsubscribe"), map).value(u"ok").toBool());
        QVERIFY(watcher.waitClosed(15000));
    }

    // Three watching sockets per address here: a fourth is refused, another address is not;
    // a socket that goes gives its place back.
    void watchersAreLimitedPerAddress()
    {
        const QJsonObject map{{QStringLiteral("topic"), QStringLiteral("seatmap")},
                              {QStringLiteral("event_id"), m_eventId}};
        std::vector<std::unique_ptr<RawWsClient>> watchers;
        for (int i = 0; i < 3; ++i) {
            watchers.push_back(
                std::make_unique<RawWsClient>(m_server->port(), QByteArray(), 65536, 0x7f000004));
            QVERIFY(watchers.back()->isOpen());
            QVERIFY(
                call(*watchers.back(), 1, QStringLiteral("subscribe"), map).value(u"ok").toBool());
        }
        RawWsClient fourth(m_server->port(), QByteArray(), 65536, 0x7f000004);
        const QJsonObject refused = call(fourth, 1, QStringLiteral("subscribe"), map);
        QCOMPARE(code(refused), QStringLiteral("rate_limited"));
        RawWsClient elsewhere(m_server->port(), QByteArray(), 65536, 0x7f000005);
        QVERIFY(call(elsewhere, 1, QStringLiteral("subscribe"), map).value(u"ok").toBool());
        watchers.pop_back(); // closes its connection: the server gives the place back
        bool admitted = false;
        for (int i = 0; i < 50 && !admitted; ++i) {
            QTest::qWait(100);
            admitted = call(fourth, 2 + i, QStringLiteral("subscribe"), map).value(u"ok").toBool();
        }
        QVERIFY(admitted);

        // A refused subscription takes no place: three bad ones, then three good ones.
        std::vector<std::unique_ptr<RawWsClient>> others;
        for (int i = 0; i < 6; ++i) {
            others.push_back(
                std::make_unique<RawWsClient>(m_server->port(), QByteArray(), 65536, 0x7f000008));
            const QJsonObject wrong{{QStringLiteral("topic"), QStringLiteral("orders")},
                                    {QStringLiteral("event_id"), m_eventId}};
            const QJsonObject reply = call(*others.back(),
                                           1,
                                           QStringLiteral("subscribe"),
                                           i < 3 ? wrong : map);
            if (i < 3)
                QCOMPARE(code(reply), QStringLiteral("bad_request"));
            else
                QVERIFY2(reply.value(u"ok").toBool(), QJsonDocument(reply).toJson().constData());
        }
    }
};

QTEST_GUILESS_MAIN(TestWsSessionLimits)
#include "tst_wssessionlimits.moc"
