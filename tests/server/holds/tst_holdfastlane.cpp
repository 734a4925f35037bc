// SPDX-License-Identifier: GPL-3.0-or-later
#include "seededevent.h"
#include "serverprocess.h"
#include "testenv.h"

#include <QElapsedTimer>
#include <QTest>
#include <QThread>

using namespace boxoffice::test;

// The fast lane of POST /holds: conflicts this instance knows from memory are answered on the
// HTTP thread. Such an answer must be the same problem as the database's or Redis' one, and a
// seat freed elsewhere (another instance) may be refused from memory only within the cache
// window (2 s), never longer. Two instances on one database and one Redis.
class TestHoldFastLane : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<ServerProcess> m_first;
    std::unique_ptr<ServerProcess> m_second;
    QString m_eventId;

    QJsonObject holdBody(const QStringList &seats) const
    {
        return QJsonObject{{QStringLiteral("event_id"), m_eventId},
                           {QStringLiteral("seats"), QJsonArray::fromStringList(seats)}};
    }

private Q_SLOTS:
    void initTestCase()
    {
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        m_first = std::make_unique<ServerProcess>(url);
        QVERIFY2(m_first->isRunning(), m_first->log().constData());
        m_second = std::make_unique<ServerProcess>(m_first.get());
        QVERIFY2(m_second->isRunning(), m_second->log().constData());
        const QByteArray manager = testToken(QStringLiteral("fl-manager"),
                                             QStringLiteral("manager"));
        const SeededEvent seeded = SeededEvent::create(m_first->client(),
                                                       manager,
                                                       QStringLiteral("fastlane"),
                                                       EventShape::seats(2, 10));
        QVERIFY2(seeded.ok(), seeded.error().constData());
        m_eventId = seeded.eventId;
    }

    void memoryConflictIsTheSameProblem()
    {
        const auto held = m_first->client().post("/holds",
                                                 holdBody({QStringLiteral("S1-1-1"),
                                                           QStringLiteral("S1-1-2")}),
                                                 testToken(QStringLiteral("fl-alice")));
        QCOMPARE(held.status, 201);
        const QJsonObject wanted = holdBody({QStringLiteral("S1-1-3"), QStringLiteral("S1-1-2")});
        // The first instance saw the hold: memory. The second did not: Redis lease or database.
        const auto fromMemory = m_first->client().post("/holds",
                                                       wanted,
                                                       testToken(QStringLiteral("fl-bob")));
        const auto elsewhere = m_second->client().post("/holds",
                                                       wanted,
                                                       testToken(QStringLiteral("fl-bob")));
        QCOMPARE(fromMemory.status, 409);
        QCOMPARE(fromMemory.code(), QStringLiteral("seat_unavailable"));
        QCOMPARE(fromMemory.json().value(u"seats").toArray(), QJsonArray{QStringLiteral("S1-1-2")});
        QCOMPARE(fromMemory.jsonWithoutRequestId(), elsewhere.jsonWithoutRequestId());
        QVERIFY(!fromMemory.json().value(u"request_id").toString().isEmpty());
        // A keyed request is never answered from memory; its answer is the same problem.
        const auto keyed = m_first->client().post("/holds",
                                                  wanted,
                                                  testToken(QStringLiteral("fl-bob")),
                                                  {{"Idempotency-Key", "fl-bob-1"}});
        QCOMPARE(keyed.jsonWithoutRequestId(), fromMemory.jsonWithoutRequestId());
        // And the seat that is free is still free for someone else.
        QCOMPARE(m_first->client()
                     .post("/holds",
                           holdBody({QStringLiteral("S1-1-3")}),
                           testToken(QStringLiteral("fl-carol")))
                     .status,
                 201);
    }

    // The fast lane claims a request's seats for its caller until the request is answered; a
    // request that fails for any other reason must not leave them refused for the next buyer.
    void failedRequestLeavesNoClaim()
    {
        // Unknown seat next to a free one: refused by the database, after the claim.
        const auto unknown = m_first->client().post("/holds",
                                                    holdBody({QStringLiteral("S1-2-1"),
                                                              QStringLiteral("S9-9-9")}),
                                                    testToken(QStringLiteral("fl-dave")));
        QCOMPARE(unknown.status, 400);
        QCOMPARE(unknown.code(), QStringLiteral("bad_request"));
        // Over the event's limit of 3 holds: refused in the hold statement.
        const QByteArray erin = testToken(QStringLiteral("fl-erin"));
        for (int seat = 6; seat <= 8; ++seat)
            QCOMPARE(m_first->client()
                         .post("/holds", holdBody({QStringLiteral("S1-1-%1").arg(seat)}), erin)
                         .status,
                     201);
        QCOMPARE(m_first->client().post("/holds", holdBody({QStringLiteral("S1-2-2")}), erin).code(),
                 QStringLiteral("limit_exceeded"));
        // Both seats go to the next buyer at once, from the same instance.
        const QByteArray frank = testToken(QStringLiteral("fl-frank"));
        QCOMPARE(m_first->client().post("/holds", holdBody({QStringLiteral("S1-2-1")}), frank).status,
                 201);
        QCOMPARE(m_first->client().post("/holds", holdBody({QStringLiteral("S1-2-2")}), frank).status,
                 201);
    }

    void seatFreedElsewhereIsRefusedAtMostTheCacheWindow()
    {
        const QByteArray alice = testToken(QStringLiteral("fl-alice2"));
        const auto held = m_first->client().post("/holds",
                                                 holdBody({QStringLiteral("S1-2-5")}),
                                                 alice);
        QCOMPARE(held.status, 201);
        // The first instance marked the seat before it answered: by 2 s after this at most,
        // its memory refuses it no more.
        QElapsedTimer sinceAnswer;
        sinceAnswer.start();
        const QByteArray bob = testToken(QStringLiteral("fl-bob2"));
        QCOMPARE(m_first->client().post("/holds", holdBody({QStringLiteral("S1-2-5")}), bob).status,
                 409);
        // Released on the other instance: the database and Redis free it at once; only the
        // first instance's memory may still refuse it, within its window.
        const QByteArray holdPath = "/holds/" + held.json().value(u"hold_id").toString().toLatin1();
        QCOMPARE(m_second->client().del(holdPath, alice).status, 204);
        HttpResponse last;
        qint64 sentAt = 0;
        qint64 lastRefusalSentAt = -1;
        while (sinceAnswer.elapsed() < 8000) {
            sentAt = sinceAnswer.elapsed();
            last = m_first->client().post("/holds", holdBody({QStringLiteral("S1-2-5")}), bob);
            if (last.status != 409)
                break;
            QCOMPARE(last.json().value(u"seats").toArray(), QJsonArray{QStringLiteral("S1-2-5")});
            lastRefusalSentAt = sentAt;
            QThread::msleep(50);
        }
        QCOMPARE(last.status, 201);
        // Every refusal was asked within the window (plus a little for timer granularity).
        QVERIFY2(lastRefusalSentAt < 2100,
                 qPrintable(QStringLiteral("refused a request sent %1 ms after the hold's answer")
                                .arg(lastRefusalSentAt)));
    }

    void cleanupTestCase()
    {
        m_second.reset();
        m_first.reset();
    }
};

QTEST_GUILESS_MAIN(TestHoldFastLane)
#include "tst_holdfastlane.moc"
