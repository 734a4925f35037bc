// SPDX-License-Identifier: GPL-3.0-or-later
#include "queuefixture.h"
#include "redisfixture.h"
#include "testenv.h"

#include <QSet>
#include <QTest>

using namespace boxoffice::test;

// Redis dies mid-sale and comes back: holds go on through PostgreSQL alone (capped, never a
// double sale), the queue pauses (503, nobody admitted, nobody in without a token), /readyz says
// so, and after the restart places are still there and admission resumes, without restarting
// the server.
class TestQueueChaos : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void redisKilledAndRestarted()
    {
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        OwnRedis redis;
        QVERIFY(redis.start());
        ServerProcess server(url,
                             {QStringLiteral("--redis-url"), redis.url()},
                             {{QStringLiteral("BOXOFFICE_QUEUE_TICK_MS"), QStringLiteral("100")},
                              {QStringLiteral("BOXOFFICE_DEGRADED_HOLD_CONCURRENCY"),
                               QStringLiteral("1")},
                              {QStringLiteral("BOXOFFICE_DEGRADED_WAIT_MS"), QStringLiteral("0")}});
        QVERIFY2(server.isRunning(), server.log().constData());
        const QueueClient queue{server.client()};
        const QByteArray manager = testToken(QStringLiteral("chaos-manager"),
                                             QStringLiteral("manager"));
        QCOMPARE(server.client()
                     .postRaw("/venues", venueJson(QStringLiteral("ch"), 1, 4, 10, 0), manager)
                     .status,
                 201);
        // max_active 1: the first fan gets in, the second waits.
        const QString event = queue.createEvent(manager, QStringLiteral("ch"), 6000, 1);
        const QString plain = queue.createEvent(manager,
                                                QStringLiteral("ch"),
                                                1,
                                                1,
                                                QDateTime::currentDateTimeUtc(),
                                                false);
        const QString firstId
            = queue.join(event, QStringLiteral("c-first")).json().value(u"queue_id").toString();
        const QByteArray admission = queue.waitForAdmission(event,
                                                            QStringLiteral("c-first"),
                                                            firstId);
        QVERIFY(!admission.isEmpty());
        const auto waiting = queue.join(event, QStringLiteral("c-second")).json();
        QCOMPARE(waiting.value(u"state").toString(), QStringLiteral("waiting"));
        const QString secondId = waiting.value(u"queue_id").toString();
        const auto held = queue.hold(event,
                                     QStringLiteral("c-first"),
                                     {QStringLiteral("S1-1-1")},
                                     admission);
        QCOMPARE(held.status, 201);

        redis.kill();

        // The queue pauses: joins and polls are 503 with Retry-After, quickly.
        QElapsedTimer timer;
        timer.start();
        const auto paused = queue.join(event, QStringLiteral("c-third"));
        QCOMPARE(paused.status, 503);
        QVERIFY(!paused.header("retry-after").isEmpty());
        QCOMPARE(queue.status(event, QStringLiteral("c-second"), secondId).status, 503);
        QVERIFY2(timer.elapsed() < 2000, QByteArray::number(timer.elapsed()).constData());
        const auto ready = server.client().get("/readyz").json();
        QCOMPARE(ready.value(u"redis").toString(), QStringLiteral("down"));
        QCOMPARE(ready.value(u"queue").toString(), QStringLiteral("paused"));
        QCOMPARE(ready.value(u"holds").toString(), QStringLiteral("capped"));
        QVERIFY(server.client().get("/metrics").body.contains("\nboxoffice_redis_up 0"));
        // Nobody bypasses the queue; the admitted fan carries on with the token.
        QCOMPARE(queue.hold(event, QStringLiteral("c-second"), {QStringLiteral("S1-2-1")}, {}).status,
                 403);
        QCOMPARE(queue.hold(event, QStringLiteral("c-first"), {QStringLiteral("S1-2-1")}, admission)
                     .status,
                 201);

        // Holds through PostgreSQL alone, capped: 60 buyers race for 20 seats at once.
        QList<HttpRequest> burst;
        for (int i = 0; i < 60; ++i)
            burst.append(
                HttpClient::request("POST",
                                    "/holds",
                                    QJsonDocument(QJsonObject{{QStringLiteral("event_id"), plain},
                                                              {QStringLiteral("seats"),
                                                               QJsonArray{QStringLiteral("S1-%1-%2")
                                                                              .arg(3 + (i / 10) % 2)
                                                                              .arg(1 + i % 10)}}})
                                        .toJson(),
                                    testToken(QStringLiteral("burst-%1").arg(i))));
        const auto answers = server.client().concurrently(burst, 60000, true);
        QHash<QString, int> winners;
        int capped = 0;
        for (const auto &answer : answers) {
            QVERIFY2(answer.status == 201 || answer.status == 409 || answer.status == 503,
                     answer.body.constData());
            if (answer.status == 201)
                ++winners[answer.json().value(u"seats").toArray().first().toString()];
            if (answer.status == 503) {
                ++capped;
                QVERIFY(!answer.header("retry-after").isEmpty());
            }
        }
        for (auto it = winners.cbegin(); it != winners.cend(); ++it)
            QVERIFY2(it.value() == 1, qPrintable(it.key())); // never a double sale
        qInfo("while Redis was down: %lld seats held, %d answered 503 by the cap",
              qlonglong(winners.size()),
              capped);
        QVERIFY(capped > 0);

        // Redis returns (its append-only file kept the queue): everything resumes.
        QVERIFY(redis.start());
        QTRY_COMPARE_WITH_TIMEOUT(server.client().get("/readyz").json().value(u"redis").toString(),
                                  QStringLiteral("up"),
                                  10000);
        const auto back = queue.status(event, QStringLiteral("c-second"), secondId);
        QCOMPARE(back.status, 200);
        QCOMPARE(back.json().value(u"state").toString(), QStringLiteral("waiting"));
        QCOMPARE(back.json().value(u"ahead").toInt(), 0);
        QCOMPARE(queue.join(event, QStringLiteral("c-second")).json().value(u"queue_id").toString(),
                 secondId);
        // The first fan releases their hold and leaves; the admitter lets the second in.
        QCOMPARE(server.client()
                     .del("/holds/" + held.json().value(u"hold_id").toString().toUtf8(),
                          testToken(QStringLiteral("c-first")))
                     .status,
                 204);
        QVERIFY(
            !queue.waitForAdmission(event, QStringLiteral("c-second"), secondId, 10000).isEmpty());
        QCOMPARE(queue.join(event, QStringLiteral("c-third")).status, 200);
    }
};

QTEST_GUILESS_MAIN(TestQueueChaos)
#include "tst_queuechaos.moc"
