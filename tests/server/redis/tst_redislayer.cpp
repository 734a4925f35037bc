// SPDX-License-Identifier: GPL-3.0-or-later
#include "redis/asyncredis.h"
#include "redis/queuestore.h"
#include "redis/ratelimiter.h"
#include "redis/redispool.h"
#include "redis/seatleases.h"
#include "redisfixture.h"
#include "testenv.h"

#include <QElapsedTimer>
#include <QTest>
#include <QThread>
#include <QUuid>

using namespace boxoffice::server::redis;
using namespace boxoffice::test;

// The Redis layer against a real Redis: compare-and-delete leases, the admitter lease and its
// fencing, GCRA limits (also inside the join script), EVALSHA fallback, fast failure while Redis
// is down, and the non-blocking connection the HTTP thread joins through.
class TestRedisLayer : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<RedisPool> m_pool;
    QString unique() const { return QUuid::createUuid().toString(QUuid::WithoutBraces); }

private Q_SLOTS:
    void initTestCase()
    {
        const std::string url = requiredEnv("BOXOFFICE_TEST_REDIS_URL");
        QVERIFY(!url.empty());
        m_pool = std::make_unique<RedisPool>(QUrl(QString::fromStdString(url)));
        QVERIFY(m_pool->probe());
    }

    void seatLeaseCompareAndDelete()
    {
        SeatLeases leases(*m_pool);
        const QString event = unique();
        const QStringList seats{QStringLiteral("A-1"), QStringLiteral("A-2")};
        auto first = leases.acquire(event, seats, "alice|h1", "alice|", 150);
        QVERIFY(first && first->isEmpty());
        // Someone else is refused while alice's lease lives, and nothing of theirs is written.
        auto refused = leases.acquire(event,
                                      {QStringLiteral("A-2"), QStringLiteral("A-3")},
                                      "bob|h2",
                                      "bob|",
                                      5000);
        QVERIFY(refused);
        QCOMPARE(*refused, QStringList{QStringLiteral("A-2")});
        auto a3 = m_pool->command({"GET", SeatLeases::key(event, QStringLiteral("A-3"))});
        QCOMPARE(a3->type, Reply::Type::Nil);
        // Alice's lease expires; bob takes the seats; alice's late release must not delete them.
        QThread::msleep(250);
        auto second = leases.acquire(event, seats, "bob|h2", "bob|", 5000);
        QVERIFY(second && second->isEmpty());
        QCOMPARE(leases.release(event, seats, "alice|h1"), 0);
        auto value = m_pool->command({"GET", SeatLeases::key(event, QStringLiteral("A-1"))});
        QCOMPARE(value->string, QByteArray("bob|h2"));
        // The same user's own lease is no conflict (PostgreSQL answers a replay or a 409).
        auto own = leases.acquire(event, seats, "bob|pending", "bob|", 5000);
        QVERIFY(own && own->isEmpty());
        QCOMPARE(m_pool->command({"GET", SeatLeases::key(event, QStringLiteral("A-1"))})->string,
                 QByteArray("bob|h2"));
        QVERIFY(leases.transfer(event, seats, "bob|h2", "bob|h3", 5000));
        QCOMPARE(leases.release(event, seats, "bob|h3"), 2);
    }

    // The hold path's one round trip: the rate limit first, and nothing leased when it says wait.
    void leaseAfterRateLimitInOneScript()
    {
        SeatLeases leases(*m_pool);
        const QString event = unique();
        const QString user = unique();
        const auto rateKeys = RateLimiter::keys("hold", user, QStringLiteral("10.0.0.1"));
        const auto rateArgs = RateLimiter::args(RateLimit{60, 2}, RateLimit{}); // burst of 2
        const QStringList a{QStringLiteral("A-1"), QStringLiteral("A-2")};
        auto first = leases.acquireLimited(event, a, "carol|p1", "carol|", 5000, rateKeys, rateArgs);
        QVERIFY(first);
        QCOMPARE(first->waitMs, 0);
        QVERIFY(first->taken.isEmpty());
        QCOMPARE(m_pool->command({"GET", SeatLeases::key(event, a.first())})->string,
                 QByteArray("carol|p1"));
        // Another buyer (not limited) is told which seats are leased, and leases none.
        auto other = leases.acquireLimited(event,
                                           {QStringLiteral("A-0"), QStringLiteral("A-2")},
                                           "dave|p2",
                                           "dave|",
                                           5000,
                                           RateLimiter::keys("hold", unique(), "10.0.0.2"),
                                           rateArgs);
        QVERIFY(other);
        QCOMPARE(other->taken, QStringList{QStringLiteral("A-2")});
        QCOMPARE(m_pool->command({"GET", SeatLeases::key(event, QStringLiteral("A-0"))})->type,
                 Reply::Type::Nil);
        // Carol's burst is spent: told to wait, and her seats B-* are not leased.
        const QStringList b{QStringLiteral("B-1")};
        auto second = leases.acquireLimited(event, b, "carol|p3", "carol|", 5000, rateKeys, rateArgs);
        QVERIFY(second && second->waitMs == 0);
        auto third = leases.acquireLimited(event,
                                           {QStringLiteral("B-2")},
                                           "carol|p4",
                                           "carol|",
                                           5000,
                                           rateKeys,
                                           rateArgs);
        QVERIFY(third);
        QVERIFY2(third->waitMs > 0 && third->waitMs <= 1000,
                 qPrintable(QString::number(third->waitMs)));
        QCOMPARE(m_pool->command({"GET", SeatLeases::key(event, QStringLiteral("B-2"))})->type,
                 Reply::Type::Nil);
    }

    void leaderLeaseIsFenced()
    {
        QueueStore store(*m_pool);
        const QString event = unique();
        const auto a = store.acquireLeader(event, "a", 150);
        QVERIFY(a && !a->isEmpty());
        const auto b = store.acquireLeader(event, "b", 150);
        QVERIFY(b && b->isEmpty()); // taken
        QThread::msleep(250);
        const auto b2 = store.acquireLeader(event, "b", 5000);
        QVERIFY(b2 && !b2->isEmpty());
        QVERIFY(*b2 != *a); // a newer fencing token
        QCOMPARE(store.renewLeader(event, *a, 5000), std::optional<bool>(false));
        store.releaseLeader(event, *a); // a stale leader never deletes the new lease
        QCOMPARE(store.renewLeader(event, *b2, 5000), std::optional<bool>(true));
        const auto fenced = store.admit(event, *a, 600, 10, 60000);
        QVERIFY(fenced && fenced->fenced);
        const auto step = store.admit(event, *b2, 600, 10, 60000);
        QVERIFY(step && !step->fenced);
    }

    void admitNeverExceedsMaxActive()
    {
        QueueStore store(*m_pool);
        const QString event = unique();
        for (int i = 0; i < 20; ++i)
            QVERIFY(store.join(event, QStringLiteral("u%1").arg(i), false));
        const auto lease = store.acquireLeader(event, "x", 10000);
        QVERIFY(lease && !lease->isEmpty());
        int active = 0;
        for (int i = 0; i < 12; ++i) {
            QThread::msleep(100);
            const auto step = store.admit(event, *lease, 60000, 6, 60000); // 1000/s, capped at 6
            QVERIFY(step && !step->fenced);
            QVERIFY(step->active <= 6);
            active = step->active;
        }
        QCOMPARE(active, 6);
        // FIFO: the first six joiners are in, the seventh is first in line.
        for (int i = 0; i < 6; ++i)
            QCOMPARE(store.join(event, QStringLiteral("u%1").arg(i), false)->state,
                     QueuePlace::State::Admitted);
        const auto seventh = store.join(event, QStringLiteral("u6"), false);
        QCOMPARE(seventh->state, QueuePlace::State::Waiting);
        QCOMPARE(seventh->ahead, 0);
        QVERIFY(store.leave(event, QStringLiteral("u0")));
        QThread::msleep(100);
        QCOMPARE(store.admit(event, *lease, 60000, 6, 60000)->active, 6);
        QCOMPARE(store.join(event, QStringLiteral("u6"), false)->state, QueuePlace::State::Admitted);
    }

    void expiredAdmissionLeavesTheActiveSet()
    {
        QueueStore store(*m_pool);
        const QString event = unique();
        const auto first = store.join(event, QStringLiteral("first"), false);
        QVERIFY(first);
        QVERIFY(store.join(event, QStringLiteral("second"), false));
        const auto lease = store.acquireLeader(event, "x", 10000);
        QVERIFY(lease && !lease->isEmpty());
        QVERIFY(store.admit(event, *lease, 60000, 1, 300)); // starts the admitter's clock
        QThread::msleep(50);
        // Room for one, admitted for 300 ms.
        auto step = store.admit(event, *lease, 60000, 1, 300);
        QVERIFY(step);
        QCOMPARE(step->admitted, 1);
        QCOMPARE(step->active, 1);
        QThread::msleep(50);
        QCOMPARE(store.admit(event, *lease, 60000, 1, 300)->admitted, 0); // full house
        QThread::msleep(300);
        // The admission ran out: the next step drops it and lets the second one in.
        step = store.admit(event, *lease, 60000, 1, 300);
        QCOMPARE(step->admitted, 1);
        QCOMPARE(step->active, 1);
        const auto expired = store.status(event, QStringLiteral("first"), first->queueId);
        QVERIFY(expired);
        QCOMPARE(expired->state, QueuePlace::State::Expired);
    }

    void gcraLimits()
    {
        RateLimiter limiter(*m_pool);
        const QString user = unique();
        const RateLimit limit{60, 3}; // one a second, burst of 3
        int allowed = 0;
        qint64 wait = 0;
        for (int i = 0; i < 6; ++i) {
            const auto result = limiter.check("t", user, limit, QStringLiteral("1.2.3.4"), {});
            QVERIFY(result);
            if (*result == 0)
                ++allowed;
            else
                wait = *result;
        }
        QCOMPARE(allowed, 3);
        QVERIFY2(wait > 0 && wait <= 1000, QByteArray::number(wait).constData());
        // The per-IP limit applies across users.
        const QString ip = unique();
        int ipAllowed = 0;
        for (int i = 0; i < 5; ++i)
            ipAllowed += limiter.check("t", unique(), {}, ip, RateLimit{60, 2}).value_or(-1) == 0;
        QCOMPARE(ipAllowed, 2);
    }

    void evalShaFallsBackAfterScriptFlush()
    {
        QVERIFY(m_pool->command({"SCRIPT", "FLUSH"}));
        QueueStore store(*m_pool);
        const auto place = store.join(unique(), QStringLiteral("u"), false);
        QVERIFY(place);
        QCOMPARE(place->state, QueuePlace::State::Waiting);
    }

    void joinChecksRateLimitsInTheSameScript()
    {
        QueueStore store(*m_pool);
        const QString event = unique();
        // Per user; 7 a minute is an interval of 8571.4 ms (fractions must not disable it).
        const JoinLimits perUser{RateLimit{7, 1}, {}, QStringLiteral("10.0.0.1")};
        const auto first = store.join(event, QStringLiteral("alice"), false, perUser);
        QVERIFY(first);
        QCOMPARE(first->state, QueuePlace::State::Waiting);
        const auto again = store.join(event, QStringLiteral("alice"), false, perUser);
        QVERIFY(again);
        QCOMPARE(again->state, QueuePlace::State::RateLimited);
        QVERIFY2(again->retryAfterMs > 8000 && again->retryAfterMs <= 8572,
                 QByteArray::number(again->retryAfterMs).constData());
        // Per IP, across users; a refused join changes nothing.
        const JoinLimits perIp{{}, RateLimit{60, 1}, QStringLiteral("10.0.0.2")};
        QCOMPARE(store.join(event, QStringLiteral("bob"), false, perIp)->state,
                 QueuePlace::State::Waiting);
        QCOMPARE(store.join(event, QStringLiteral("carol"), false, perIp)->state,
                 QueuePlace::State::RateLimited);
        const QByteArray ids = "q:{" + event.toUtf8() + "}:ids";
        QCOMPARE(m_pool->command({"HEXISTS", ids, "carol"})->integer, 0);
        QCOMPARE(m_pool->command({"ZCARD", "q:{" + event.toUtf8() + "}:wait"})->integer, 2);
        // No address known (WebSocket): per user only.
        const JoinLimits noIp{{}, RateLimit{60, 1}, {}};
        QCOMPARE(store.join(event, QStringLiteral("dave"), false, noIp)->state,
                 QueuePlace::State::Waiting);
        QCOMPARE(store.join(event, QStringLiteral("erin"), false, noIp)->state,
                 QueuePlace::State::Waiting);
    }

    void asyncJoinsArePipelined()
    {
        AsyncRedis redis(m_pool->url());
        QVERIFY(m_pool->command({"SCRIPT", "FLUSH"})); // the first ones go by EVAL
        const QString event = unique();
        QList<qint64> ahead;
        int failed = 0;
        for (int i = 0; i < 100; ++i)
            QueueStore::join(redis,
                             event,
                             QStringLiteral("u%1").arg(i),
                             false,
                             {},
                             [&](std::optional<QueuePlace> place) {
                                 if (place && place->state == QueuePlace::State::Waiting)
                                     ahead.append(place->ahead);
                                 else
                                     ++failed;
                             });
        QTRY_COMPARE_WITH_TIMEOUT(ahead.size() + failed, 100, 5000);
        QCOMPARE(failed, 0);
        // Sent in order on one link, answered in order: FIFO places 0..99.
        for (int i = 0; i < 100; ++i)
            QCOMPARE(ahead[i], qint64(i));
    }

    void asyncRedisFailsFastAndRecovers()
    {
        OwnRedis own;
        QVERIFY(own.start());
        AsyncRedis redis(QUrl(own.url()), std::chrono::milliseconds(200));
        std::optional<std::optional<QueuePlace>> answer;
        auto join = [&](const QString &user) {
            answer.reset();
            QueueStore::join(redis, QStringLiteral("e"), user, false, {}, [&](auto place) {
                answer = place;
            });
        };
        join(QStringLiteral("a"));
        QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 2000);
        QVERIFY(answer->has_value());
        // A Redis that stops answering: nullopt after the timeout, not a hang.
        RedisClient admin;
        QVERIFY(admin.connect(QUrl(own.url())));
        QVERIFY(admin.command({"CLIENT", "PAUSE", "1500", "ALL"}));
        QElapsedTimer timer;
        timer.start();
        join(QStringLiteral("b"));
        QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 2000);
        QVERIFY(!answer->has_value());
        QVERIFY2(timer.elapsed() < 1000, QByteArray::number(timer.elapsed()).constData());
        QTest::qWait(1600); // the pause ends
        own.kill();
        join(QStringLiteral("c"));
        QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 2000);
        QVERIFY(!answer->has_value());
        // While down, calls fail at once (no connect per call).
        timer.restart();
        for (int i = 0; i < 100; ++i) {
            join(QStringLiteral("d"));
            QVERIFY(answer.has_value() && !answer->has_value());
        }
        QVERIFY2(timer.elapsed() < 300, QByteArray::number(timer.elapsed()).constData());
        // Back: joins succeed again after the backoff, without a new AsyncRedis.
        QVERIFY(own.start());
        QElapsedTimer back;
        back.start();
        bool ok = false;
        while (!ok && back.elapsed() < 5000) {
            join(QStringLiteral("e"));
            QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 2000);
            ok = answer->has_value();
            if (!ok)
                QTest::qWait(100);
        }
        QVERIFY(ok);
    }

    void deadRedisFailsFast()
    {
        OwnRedis own;
        QVERIFY(own.start());
        RedisPool pool(QUrl(own.url()), std::chrono::milliseconds(200));
        QVERIFY(pool.probe());
        own.kill();
        QElapsedTimer timer;
        timer.start();
        QVERIFY(!pool.command({"PING"}));
        QVERIFY(!pool.isUp());
        QVERIFY(timer.elapsed() < 1000);
        timer.restart();
        for (int i = 0; i < 100; ++i)
            QVERIFY(!pool.command({"PING"}));
        QVERIFY2(timer.elapsed() < 300, QByteArray::number(timer.elapsed()).constData());
        // Back: a probe after the backoff reconnects without anyone restarting the pool.
        QVERIFY(own.start());
        QTRY_VERIFY_WITH_TIMEOUT(pool.probe(), 5000);
        QVERIFY(pool.isUp());
    }

    // One answer later than the timeout (Redis busy for 0.5 s) fails that call alone: Redis is
    // not marked down, and the next call after the stall is answered at once (no backoff).
    void slowAnswerFailsOnlyThatCall()
    {
        OwnRedis own({QStringLiteral("--enable-debug-command"), QStringLiteral("local")});
        QVERIFY(own.start());
        RedisPool pool(QUrl(own.url()), std::chrono::milliseconds(200));
        QVERIFY(pool.probe());
        RedisStall stall(own.url(), 0.5);
        QElapsedTimer timer;
        timer.start();
        QVERIFY(!pool.command({"PING"}));
        QVERIFY2(timer.elapsed() >= 150, QByteArray::number(timer.elapsed()).constData());
        QVERIFY(pool.isUp());
        QVERIFY(pool.isSlow());
        QCOMPARE(pool.timeouts(), quint64(1));
        QVERIFY(stall.wait());
        const auto pong = pool.command({"PING"});
        QVERIFY(pong && pong->string == "PONG");
        QVERIFY(pool.isUp());
        QVERIFY(!pool.isSlow());
        QCOMPARE(pool.recoveries(), quint64(0)); // never was down
    }

    // A frozen Redis (SIGSTOP: the kernel still accepts connections, nothing answers) is down
    // once calls have timed out for `downAfter` with no answer; it stays down while frozen (a
    // connection is not an answer), calls fail at once meanwhile, and the first answered probe
    // after SIGCONT brings it back.
    void frozenRedisIsDownAfterSilenceAndBackAtTheFirstAnswer()
    {
        OwnRedis own;
        QVERIFY(own.start());
        RedisPool pool(QUrl(own.url()),
                       std::chrono::milliseconds(200),
                       std::chrono::milliseconds(1000));
        QVERIFY(pool.probe());
        own.freeze();
        QElapsedTimer timer;
        timer.start();
        int timedOut = 0;
        while (pool.isUp() && timer.elapsed() < 5000) {
            QVERIFY(!pool.command({"PING"}));
            ++timedOut;
        }
        const qint64 downAfterMs = timer.elapsed();
        QVERIFY(!pool.isUp());
        qInfo("down after %lld ms (%d calls timed out)", downAfterMs, timedOut);
        QVERIFY2(downAfterMs >= 900 && downAfterMs < 3000,
                 QByteArray::number(downAfterMs).constData());
        QVERIFY(timedOut >= 4);
        timer.restart();
        int failedFast = 0;
        while (timer.elapsed() < 1000) {
            QElapsedTimer call;
            call.start();
            QVERIFY(!pool.command({"PING"}));
            QVERIFY(!pool.isUp());
            if (call.elapsed() < 20)
                ++failedFast;
            QThread::msleep(10);
        }
        QVERIFY2(failedFast >= 20, QByteArray::number(failedFast).constData());
        own.thaw();
        timer.restart();
        QTRY_VERIFY_WITH_TIMEOUT(pool.probe(), 3000);
        qInfo("up again %lld ms after SIGCONT", timer.elapsed());
        QVERIFY(pool.isUp());
        QCOMPARE(pool.recoveries(), quint64(1));
    }

    // The non-blocking link: joins sent while Redis is busy fail after their own timeout, the
    // link stays, joins sent late in the stall are answered when it ends, and the next one is
    // answered at once (no backoff).
    void asyncSlowAnswerFailsOnlyOverdueCalls()
    {
        OwnRedis own({QStringLiteral("--enable-debug-command"), QStringLiteral("local")});
        QVERIFY(own.start());
        AsyncRedis redis(QUrl(own.url()), std::chrono::milliseconds(200));
        int answered = 0;
        int failed = 0;
        auto join = [&](const QString &user) {
            QueueStore::join(redis, QStringLiteral("e"), user, false, {}, [&](auto place) {
                ++(place ? answered : failed);
            });
        };
        join(QStringLiteral("before"));
        QTRY_COMPARE_WITH_TIMEOUT(answered, 1, 2000);
        answered = 0;
        RedisStall stall(own.url(), 0.5);
        for (int i = 0; i < 10; ++i) { // one every 40 ms, through the stall
            join(QStringLiteral("during-%1").arg(i));
            QTest::qWait(40);
        }
        QVERIFY(stall.wait());
        QTRY_COMPARE_WITH_TIMEOUT(answered + failed, 10, 3000);
        qInfo("during the stall: %d joins failed after the timeout, %d answered", failed, answered);
        QVERIFY(failed >= 1);
        QVERIFY(answered >= 1);
        answered = 0;
        failed = 0;
        join(QStringLiteral("after"));
        QTRY_COMPARE_WITH_TIMEOUT(answered + failed, 1, 2000);
        QCOMPARE(answered, 1);
    }
};

QTEST_GUILESS_MAIN(TestRedisLayer)
#include "tst_redislayer.moc"
