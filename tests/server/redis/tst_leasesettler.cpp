// SPDX-License-Identifier: GPL-3.0-or-later
#include "redis/leasesettler.h"
#include "redis/redispool.h"
#include "redis/seatleases.h"
#include "redisfixture.h"
#include "testenv.h"

#include <QElapsedTimer>
#include <QTest>
#include <QUuid>

using namespace boxoffice::server::redis;
using namespace boxoffice::test;

// LeaseSettler against a real Redis: queued settles go out as one pipeline and each lands
// (extended leases keep their owner and get the hold's time, refused ones are deleted), only
// leases still owned by the settle's owner are touched (a release that came first stays), and
// without Redis settles are dropped at once: no hang, and stop() comes back.
class TestLeaseSettler : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<RedisPool> m_pool;
    QUrl m_url;

    static QString unique() { return QUuid::createUuid().toString(QUuid::WithoutBraces); }
    Reply get(const QString &event, const QString &seat)
    {
        return *m_pool->command({"GET", SeatLeases::key(event, seat)});
    }
    qint64 pttl(const QString &event, const QString &seat)
    {
        return m_pool->command({"PTTL", SeatLeases::key(event, seat)})->integer;
    }

private Q_SLOTS:
    void initTestCase()
    {
        const std::string url = requiredEnv("BOXOFFICE_TEST_REDIS_URL");
        QVERIFY(!url.empty());
        m_url = QUrl(QString::fromStdString(url));
        m_pool = std::make_unique<RedisPool>(m_url);
        QVERIFY(m_pool->probe());
    }

    void queuedSettlesGoAsOnePipeline()
    {
        SeatLeases leases(*m_pool);
        LeaseSettler settler(m_url);
        settler.setPaused(true);
        const QString event = unique();
        const QString otherEvent = unique();
        constexpr int kHolds = 60;
        for (int i = 0; i < kHolds; ++i) {
            const QString &on = i % 3 == 0 ? otherEvent : event;
            const QStringList seats{QStringLiteral("A-%1").arg(i), QStringLiteral("B-%1").arg(i)};
            const QByteArray owner = "user-" + QByteArray::number(i) + "|hold-"
                                     + QByteArray::number(i);
            const auto taken = leases.acquire(on, seats, owner, "user-|", 15000);
            QVERIFY(taken && taken->isEmpty());
            // Even holds were created (their leases live on with the hold), odd ones refused.
            if (i % 2 == 0)
                settler.extend(on, seats, owner, 600000 + i);
            else
                settler.release(on, seats, owner);
        }
        QCOMPARE(settler.pipelines(), 0u); // paused: nothing written yet
        QCOMPARE(pttl(event, QStringLiteral("A-2")) <= 15000, true);
        settler.setPaused(false);
        QVERIFY(settler.flush());
        QCOMPARE(settler.written(), quint64(kHolds));
        QCOMPARE(settler.dropped(), 0u);
        QCOMPARE(settler.pipelines(), 1u);
        for (int i = 0; i < kHolds; ++i) {
            const QString &on = i % 3 == 0 ? otherEvent : event;
            for (const QString &seat :
                 {QStringLiteral("A-%1").arg(i), QStringLiteral("B-%1").arg(i)}) {
                const Reply value = get(on, seat);
                if (i % 2 == 0) {
                    QCOMPARE(value.string,
                             "user-" + QByteArray::number(i) + "|hold-" + QByteArray::number(i));
                    const qint64 ttl = pttl(on, seat);
                    QVERIFY2(ttl > 590000 && ttl <= 600000 + i, qPrintable(QString::number(ttl)));
                } else {
                    QCOMPARE(value.type, Reply::Type::Nil);
                }
            }
        }
    }

    // Compare-and-set: a lease another owner has (the seat's lease expired and was taken), or
    // none at all (released first), is left as it is.
    void onlyTheOwnersLeasesAreTouched()
    {
        SeatLeases leases(*m_pool);
        LeaseSettler settler(m_url);
        const QString event = unique();
        const QStringList seats{QStringLiteral("A-1"), QStringLiteral("A-2"), QStringLiteral("A-3")};
        QVERIFY(leases.acquire(event, seats, "ann|h1", "ann|", 15000)->isEmpty());
        // A-1 is someone else's by now; A-2 was released (DELETE /holds came first).
        QVERIFY(
            m_pool->command({"SET", SeatLeases::key(event, seats.at(0)), "bob|h2", "PX", "5000"}));
        QCOMPARE(leases.release(event, {seats.at(1)}, "ann|h1"), 1);
        settler.extend(event, seats, "ann|h1", 600000);
        settler.release(event, {seats.at(0)}, "ann|h1"); // nor does a release delete bob's
        QVERIFY(settler.flush());
        QCOMPARE(get(event, seats.at(0)).string, QByteArray("bob|h2"));
        QVERIFY(pttl(event, seats.at(0)) <= 5000);
        QCOMPARE(get(event, seats.at(1)).type, Reply::Type::Nil); // not brought back
        QCOMPARE(get(event, seats.at(2)).string, QByteArray("ann|h1"));
        QVERIFY(pttl(event, seats.at(2)) > 590000);
    }

    // The release reaches Redis before the settle: the key stays deleted.
    void releaseBeforeSettleLeavesNoLease()
    {
        SeatLeases leases(*m_pool);
        LeaseSettler settler(m_url);
        settler.setPaused(true);
        const QString event = unique();
        const QStringList seats{QStringLiteral("C-1"), QStringLiteral("C-2")};
        QVERIFY(leases.acquire(event, seats, "cid|h9", "cid|", 15000)->isEmpty());
        settler.extend(event, seats, "cid|h9", 600000); // queued, not written
        QCOMPARE(leases.release(event, seats, "cid|h9"), 2);
        settler.setPaused(false);
        QVERIFY(settler.flush());
        QCOMPARE(settler.written(), 1u);
        for (const QString &seat : seats)
            QCOMPARE(m_pool->command({"EXISTS", SeatLeases::key(event, seat)})->integer, 0);
    }

    // A Redis restart forgets the script (SCRIPT FLUSH here): the settle goes again as EVAL.
    void forgottenScriptIsSentAgain()
    {
        SeatLeases leases(*m_pool);
        LeaseSettler settler(m_url);
        const QString event = unique();
        QVERIFY(leases.acquire(event, {QStringLiteral("D-1")}, "dan|h1", "dan|", 15000)->isEmpty());
        settler.extend(event, {QStringLiteral("D-1")}, "dan|h1", 600000);
        QVERIFY(settler.flush());
        QVERIFY(m_pool->command({"SCRIPT", "FLUSH"}));
        settler.release(event, {QStringLiteral("D-1")}, "dan|h1");
        QVERIFY(settler.flush());
        QCOMPARE(settler.written(), 2u);
        QCOMPARE(get(event, QStringLiteral("D-1")).type, Reply::Type::Nil);
    }

    // Redis gone while settles wait: dropped, no crash, no hang; back once Redis is.
    void redisGoneDropsSettles()
    {
        OwnRedis own;
        QVERIFY(own.start());
        RedisPool pool{QUrl(own.url())};
        SeatLeases leases(pool);
        auto settler = std::make_unique<LeaseSettler>(QUrl(own.url()));
        settler->setPaused(true);
        const QString event = unique();
        for (int i = 0; i < 20; ++i) {
            const QStringList seats{QStringLiteral("E-%1").arg(i)};
            QVERIFY(leases.acquire(event, seats, "eve|h", "eve|", 15000)->isEmpty());
            settler->extend(event, seats, "eve|h", 600000);
        }
        own.kill();
        QElapsedTimer timer;
        timer.start();
        settler->setPaused(false);
        QVERIFY(settler->flush(std::chrono::milliseconds(3000)));
        QCOMPARE(settler->dropped(), 20u);
        QCOMPARE(settler->written(), 0u);
        // While it backs off, settles are dropped at once; stop() flushes and returns.
        for (int i = 0; i < 1000; ++i)
            settler->release(event, {QStringLiteral("E-%1").arg(i % 20)}, "eve|h");
        QVERIFY(settler->flush(std::chrono::milliseconds(3000)));
        QCOMPARE(settler->dropped(), 1020u);
        settler->release(event, {QStringLiteral("E-0")}, "eve|h");
        settler.reset();
        QVERIFY2(timer.elapsed() < 2000, qPrintable(QString::number(timer.elapsed())));
        // Redis back (its append-only file kept the leases): a new settler settles again.
        QVERIFY(own.start());
        LeaseSettler again{QUrl(own.url())};
        again.release(event, {QStringLiteral("E-1")}, "eve|h");
        QVERIFY(again.flush());
        QCOMPARE(again.written(), 1u);
        QCOMPARE(RedisPool(QUrl(own.url()))
                     .command({"EXISTS", SeatLeases::key(event, QStringLiteral("E-1"))})
                     ->integer,
                 0);
    }
};

QTEST_GUILESS_MAIN(TestLeaseSettler)
#include "tst_leasesettler.moc"
