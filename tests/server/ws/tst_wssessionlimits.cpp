// SPDX-License-Identifier: GPL-3.0-or-later
#include "dbcheck.h"
#include "rawwsclient.h"
#include "realtimefixture.h"
#include "redisfixture.h"
#include "testenv.h"

#include <QTest>

using namespace boxoffice::test;

// Issue 15, defects 3 and 10: a WebSocket session does not outlive its token (every op checks
// it once its `exp` has passed, and the session is told and must authenticate again), and
// WebSocket holds are rate limited per client address, not in one bucket shared by every
// WebSocket client. Real server, PostgreSQL and Redis; clients from 127.0.0.1 and 127.0.0.2.
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
                {QStringLiteral("BOXOFFICE_RATE_IP_BURST"), QStringLiteral("3")}});
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
};

QTEST_GUILESS_MAIN(TestWsSessionLimits)
#include "tst_wssessionlimits.moc"
