// SPDX-License-Identifier: GPL-3.0-or-later
#include "queuefixture.h"
#include "redisfixture.h"
#include "testenv.h"

#include <QTest>

using namespace boxoffice::test;

namespace {

bool paused(const HttpResponse &answer)
{
    return answer.status == 503 && answer.json().value(u"detail").toString().contains(u"paused");
}

bool busy(const HttpResponse &answer)
{
    return answer.status == 503 && answer.json().value(u"detail").toString().contains(u"busy");
}

QByteArray redisUpMetric(const ServerProcess &server)
{
    const QByteArray metrics = server.client().get("/metrics").body;
    const qsizetype at = metrics.indexOf("\nboxoffice_redis_up ");
    return at < 0 ? QByteArray() : metrics.mid(at + 20, 1);
}

} // namespace

// A Redis that answers slowly once is not a Redis that is down: the polls and joins waiting on
// the slow answer get a retryable 503 ("busy", Retry-After 1), everybody else carries on, and the
// waiting room never pauses. A Redis that is frozen (SIGSTOP) still pauses the waiting room, and
// it resumes as soon as Redis answers again.
class TestQueueSlowRedis : public QObject
{
    Q_OBJECT
private:
    struct Room
    {
        QString event;
        QStringList fans;
        QStringList queueIds;
    };

    // A queued event (one admission, the rest wait) and `count` fans in its queue.
    static Room fill(const ServerProcess &server, const QString &venue, int count)
    {
        const QueueClient queue{server.client()};
        const QByteArray manager = testToken(venue + u"-manager", QStringLiteral("manager"));
        if (server.client().postRaw("/venues", venueJson(venue, 1, 2, 10, 0), manager).status != 201)
            return {};
        Room room{queue.createEvent(manager, venue, 1, 1), {}, {}};
        for (int i = 0; i < count; ++i) {
            const QString fan = venue + u"-fan-" + QString::number(i);
            const auto joined = queue.join(room.event, fan);
            if (joined.status != 200)
                return {};
            room.fans.append(fan);
            room.queueIds.append(joined.json().value(u"queue_id").toString());
        }
        return room;
    }

    static QList<HttpRequest> polls(const Room &room)
    {
        QList<HttpRequest> out;
        for (qsizetype i = 0; i < room.fans.size(); ++i)
            out.append(HttpClient::request("GET",
                                           "/events/" + room.event.toUtf8() + "/queue/"
                                               + room.queueIds[i].toUtf8(),
                                           {},
                                           testToken(room.fans[i])));
        return out;
    }

private Q_SLOTS:
    void slowAnswerDoesNotPauseTheQueue()
    {
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        OwnRedis redis({QStringLiteral("--enable-debug-command"), QStringLiteral("local")});
        QVERIFY(redis.start());
        ServerProcess server(url,
                             {QStringLiteral("--redis-url"), redis.url()},
                             {{QStringLiteral("BOXOFFICE_REDIS_TIMEOUT_MS"), QStringLiteral("200")},
                              {QStringLiteral("BOXOFFICE_QUEUE_TICK_MS"), QStringLiteral("100")}});
        QVERIFY2(server.isRunning(), server.log().constData());
        const Room room = fill(server, QStringLiteral("slow"), 20);
        QCOMPARE(room.fans.size(), 20);
        const QueueClient queue{server.client()};

        // Redis busy for 0.5 s: the fans polling and joining meanwhile wait for it.
        RedisStall stall(redis.url(), 0.5);
        QList<HttpRequest> during = polls(room);
        for (int i = 0; i < 5; ++i)
            during.append(HttpClient::request("POST",
                                              "/events/" + room.event.toUtf8() + "/queue",
                                              "{}",
                                              testToken(QStringLiteral("slow-late-%1").arg(i))));
        const auto answers = server.client().concurrently(during);
        int waitedOut = 0;
        for (const auto &answer : answers) {
            QVERIFY2(answer.status == 200 || busy(answer), answer.body.constData());
            if (answer.status == 503) {
                ++waitedOut;
                QCOMPARE(answer.code(), QStringLiteral("unavailable"));
                QCOMPARE(answer.header("retry-after"), QByteArray("1"));
            }
        }
        // Still within the stall: those calls timed out, Redis is not down for that.
        QCOMPARE(redisUpMetric(server), QByteArray("1"));
        QCOMPARE(server.client().get("/readyz").json().value(u"queue").toString(),
                 QStringLiteral("admitting"));
        QVERIFY(stall.wait());
        qInfo("during the stall: %d of %lld answers were 503 busy",
              waitedOut,
              qlonglong(answers.size()));
        QVERIFY(waitedOut > 0); // the slow answer was really waited for

        // Right after it: every fan's poll is answered (one more try allowed for an answer that
        // is slow again on a loaded machine: that is what Retry-After 1 says), nobody is told the
        // room is paused, and Redis never counted as down.
        for (const auto &request : polls(room)) {
            auto answer = server.client().send(request);
            QVERIFY2(!paused(answer), answer.body.constData());
            if (busy(answer)) {
                QTest::qWait(1000);
                answer = server.client().send(request);
            }
            QCOMPARE(answer.status, 200);
            QCOMPARE(answer.json().value(u"state").toString().isEmpty(), false);
        }
        const auto joined = queue.join(room.event, QStringLiteral("slow-after"));
        QVERIFY2(!paused(joined), joined.body.constData());
        QCOMPARE(redisUpMetric(server), QByteArray("1"));
        const QByteArray metrics = server.client().get("/metrics").body;
        QVERIFY(metrics.contains("\nboxoffice_redis_timeouts "));
        QVERIFY(!metrics.contains("\nboxoffice_redis_timeouts 0\n"));
    }

    void frozenRedisPausesTheQueueUntilItAnswers()
    {
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        OwnRedis redis;
        QVERIFY(redis.start());
        ServerProcess server(url,
                             {QStringLiteral("--redis-url"), redis.url()},
                             {{QStringLiteral("BOXOFFICE_REDIS_TIMEOUT_MS"), QStringLiteral("200")},
                              {QStringLiteral("BOXOFFICE_REDIS_DOWN_AFTER_MS"),
                               QStringLiteral("1000")},
                              {QStringLiteral("BOXOFFICE_QUEUE_TICK_MS"), QStringLiteral("100")}});
        QVERIFY2(server.isRunning(), server.log().constData());
        const Room room = fill(server, QStringLiteral("frozen"), 5);
        QCOMPARE(room.fans.size(), 5);
        const QueueClient queue{server.client()};
        const HttpRequest poll = polls(room).last();

        // Frozen: polls wait out their timeout (busy) until Redis has been silent for 1 s, then
        // the waiting room pauses.
        redis.freeze();
        QElapsedTimer timer;
        timer.start();
        HttpResponse answer;
        while (timer.elapsed() < 5000) {
            answer = server.client().send(poll);
            if (paused(answer))
                break;
            QVERIFY2(busy(answer), answer.body.constData());
        }
        const qint64 pausedAfter = timer.elapsed();
        qInfo("paused %lld ms after SIGSTOP", pausedAfter);
        QVERIFY2(paused(answer), answer.body.constData());
        QVERIFY(!answer.header("retry-after").isEmpty());
        QVERIFY2(pausedAfter >= 700 && pausedAfter < 4000,
                 QByteArray::number(pausedAfter).constData());
        const auto ready = server.client().get("/readyz").json();
        QCOMPARE(ready.value(u"redis").toString(), QStringLiteral("down"));
        QCOMPARE(ready.value(u"queue").toString(), QStringLiteral("paused"));
        QCOMPARE(ready.value(u"holds").toString(), QStringLiteral("capped"));

        // While frozen it stays down (the kernel accepting a connection is no answer) and the
        // waiting room answers at once, without waiting for Redis.
        timer.restart();
        int fast = 0;
        int asked = 0;
        while (timer.elapsed() < 1500) {
            QCOMPARE(redisUpMetric(server), QByteArray("0"));
            QElapsedTimer one;
            one.start();
            const auto again = server.client().send(poll);
            QVERIFY2(paused(again), again.body.constData());
            ++asked;
            if (one.elapsed() < 100)
                ++fast;
            QTest::qWait(50);
        }
        qInfo("while frozen: %d of %d polls answered within 100 ms", fast, asked);
        // No request waits for a probe (a quarter allowed slow for a loaded machine).
        QVERIFY2(fast * 4 >= asked * 3,
                 QByteArray(QByteArray::number(fast) + " of " + QByteArray::number(asked))
                     .constData());

        // Thawed: back at the health job's next PING (every 250 ms), joins and polls answer.
        redis.thaw();
        timer.restart();
        QTRY_COMPARE_WITH_TIMEOUT(redisUpMetric(server), QByteArray("1"), 5000);
        qInfo("up again %lld ms after SIGCONT", timer.elapsed());
        QVERIFY2(timer.elapsed() < 2000, QByteArray::number(timer.elapsed()).constData());
        for (const auto &request : polls(room)) {
            const auto place = server.client().send(request);
            QCOMPARE(place.status, 200);
        }
        QCOMPARE(queue.join(room.event, QStringLiteral("frozen-after")).status, 200);
    }
};

QTEST_GUILESS_MAIN(TestQueueSlowRedis)
#include "tst_queueslowredis.moc"
