// SPDX-License-Identifier: GPL-3.0-or-later
#include "redis/asyncredis.h"
#include "redis/redispool.h"
#include "redis/sentinel.h"

#include "childprocess.h"

#include <QDeadlineTimer>
#include <QProcess>
#include <QScopeGuard>
#include <QSemaphore>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <memory>

using namespace boxoffice::server::redis;
using namespace boxoffice::test;

namespace {

quint16 freePort()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    return probe.serverPort();
}

QUrl local(quint16 port)
{
    return QUrl(QStringLiteral("redis://127.0.0.1:%1").arg(port));
}

bool answers(quint16 port)
{
    RedisClient client;
    if (!client.connect(local(port), std::chrono::milliseconds(200)))
        return false;
    const auto reply = client.command({QByteArrayLiteral("PING")});
    return reply && !reply->isError();
}

// One redis-server (a data node or, with a config file, a Sentinel) of the test's own.
struct Node
{
    quint16 port = freePort();
    std::unique_ptr<QProcess> process;

    bool start(const QStringList &args)
    {
        process = std::make_unique<QProcess>();
        endWithTest(*process);
        process->start(QStringLiteral("redis-server"), args);
        QDeadlineTimer deadline(10000);
        while (!deadline.hasExpired()) {
            if (answers(port))
                return true;
            QThread::msleep(50);
        }
        return false;
    }
    void kill()
    {
        if (process && process->state() != QProcess::NotRunning) {
            process->kill();
            process->waitForFinished(5000);
        }
    }
    ~Node() { kill(); }
};

} // namespace

// The Sentinel client against real Sentinels: it finds the primary, refuses a replica named as
// primary, and follows a failover (SIGKILL of the primary) so that a pool and the non-blocking
// client write to the new primary without being told anything else.
class TestSentinel : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    Node m_primary;
    Node m_replica;
    Node m_sentinels[3];
    QString m_list;

    bool startData(Node &node, std::optional<quint16> replicaOf)
    {
        QStringList args{QStringLiteral("--port"),
                         QString::number(node.port),
                         QStringLiteral("--bind"),
                         QStringLiteral("127.0.0.1"),
                         QStringLiteral("--save"),
                         QString(),
                         QStringLiteral("--dir"),
                         m_dir.path()};
        if (replicaOf)
            args << QStringLiteral("--replicaof") << QStringLiteral("127.0.0.1")
                 << QString::number(*replicaOf);
        return node.start(args);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(startData(m_primary, std::nullopt));
        QVERIFY(startData(m_replica, m_primary.port));
        QStringList list;
        for (int i = 0; i < 3; ++i) {
            const QString conf = m_dir.filePath(QStringLiteral("sentinel-%1.conf").arg(i));
            QFile file(conf);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(QStringLiteral("port %1\nbind 127.0.0.1\ndir %2\n"
                                      "sentinel monitor tst 127.0.0.1 %3 2\n"
                                      "sentinel down-after-milliseconds tst 1000\n"
                                      "sentinel failover-timeout tst 5000\n")
                           .arg(m_sentinels[i].port)
                           .arg(m_dir.path())
                           .arg(m_primary.port)
                           .toUtf8());
            file.close();
            QVERIFY(m_sentinels[i].start({conf, QStringLiteral("--sentinel")}));
            list << QStringLiteral("127.0.0.1:%1").arg(m_sentinels[i].port);
        }
        m_list = list.join(QLatin1Char(','));
    }

    void parsesTheList()
    {
        QString error;
        const auto parsed = parseSentinels(QStringLiteral(" a:1, b:26379 "), &error);
        QVERIFY(parsed);
        QCOMPARE(parsed->size(), 2);
        QCOMPARE(parsed->at(1).host, QStringLiteral("b"));
        QCOMPARE(parsed->at(1).port, quint16(26379));
        for (const char *bad : {"", "a", "a:", ":1", "a:0", "a:70000", "a:x"}) {
            QVERIFY2(!parseSentinels(QString::fromLatin1(bad), &error), bad);
            QVERIFY(!error.isEmpty());
        }
    }

    void findsThePrimary()
    {
        // The first Sentinel is not running: the next ones answer.
        const quint16 nobody = freePort();
        auto list = parseSentinels(QStringLiteral("127.0.0.1:%1,").arg(nobody) + m_list, nullptr);
        SentinelWatcher watcher(*list, "tst");
        QString error;
        const auto primary = watcher.resolve(&error);
        QVERIFY2(primary, qPrintable(error));
        QCOMPARE(*primary, local(m_primary.port));
        // An unknown master name is no answer.
        SentinelWatcher unknown(*list, "nosuch");
        QVERIFY(!unknown.resolve(&error));
        QVERIFY(error.contains(QStringLiteral("nosuch")));
    }

    void followsAFailover()
    {
        SentinelWatcher watcher(*parseSentinels(m_list, nullptr), "tst");
        const auto first = watcher.resolve();
        QVERIFY(first);
        RedisPool pool(*first);
        AsyncRedis async(pool);
        std::atomic_int changes = 0;
        watcher.start([&](const QUrl &url) {
            pool.setUrl(url);
            ++changes;
        });
        // The callback uses the pool and `changes`: its thread ends before they go, also when
        // a check below fails and returns early (it crashed in setUrl() on a dead pool).
        const auto stopWatcher = qScopeGuard([&] { watcher.stop(); });
        QVERIFY(pool.command({"SET", "tst:key", "before"}));
        // The replica has it before the primary dies (asynchronous replication otherwise).
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                RedisClient replica;
                replica.connect(local(m_replica.port));
                auto got = replica.command({"GET", "tst:key"});
                return got && got->string == "before";
            }(),
            20000); // the replica's first full sync can take seconds on a loaded machine
        const quint64 generation = pool.generation();
        m_primary.kill();
        QElapsedTimer failover;
        failover.start();
        QTRY_VERIFY_WITH_TIMEOUT(watcher.current() == local(m_replica.port), 30000);
        qInfo("Sentinels failed over and the watcher followed in %lld ms", failover.elapsed());
        QCOMPARE(changes.load(), 1);
        QVERIFY(pool.generation() > generation);
        QCOMPARE(pool.url(), local(m_replica.port));
        // Writes go to the new primary (the promoted replica is writable only once promoted).
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                auto set = pool.command({"SET", "tst:key", "after"});
                return set && !set->isError();
            }(),
            10000);
        auto got = pool.command({"GET", "tst:key"});
        QVERIFY(got);
        QCOMPARE(got->string, QByteArray("after"));
        // The non-blocking client follows the pool to the new primary.
        const Script incr(QByteArrayLiteral("return redis.call('INCR', KEYS[1])"));
        std::optional<Reply> answer;
        bool done = false;
        async.eval(incr, {QByteArrayLiteral("tst:counter")}, {}, [&](std::optional<Reply> r) {
            answer = std::move(r);
            done = true;
        });
        QTRY_VERIFY_WITH_TIMEOUT(done, 5000);
        QVERIFY(answer && !answer->isError());
        QCOMPARE(answer->integer, 1);
        RedisClient direct;
        QVERIFY(direct.connect(local(m_replica.port)));
        QCOMPARE(direct.command({"GET", "tst:counter"})->string, QByteArray("1"));
    }

    void refusesAReplicaNamedPrimary()
    {
        // After the failover the old primary comes back as a plain master with no data; the
        // Sentinels turn it into a replica. Asked now, the watcher must never name it while
        // it is a replica: every answer is a node that says "master".
        QVERIFY(startData(m_primary, std::nullopt));
        SentinelWatcher watcher(*parseSentinels(m_list, nullptr), "tst");
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                RedisClient old;
                old.connect(local(m_primary.port));
                auto role = old.command({"ROLE"});
                return role && !role->elements.isEmpty() && role->elements[0].string == "slave";
            }(),
            30000);
        const auto primary = watcher.resolve();
        QVERIFY(primary);
        QCOMPARE(*primary, local(m_replica.port));
    }

    void namesAPrimaryOnlyOnceTheCallbackRan()
    {
        // Its own Sentinel, moved from one master to another by hand (no failover to wait for):
        // while the watcher's callback has not returned, current() still names the old one, so
        // who sees the new primary there finds the pool already pointed at it.
        Node first, second, sentinel;
        QVERIFY(startData(first, std::nullopt));
        QVERIFY(startData(second, std::nullopt));
        const QString conf = m_dir.filePath(QStringLiteral("sentinel-moved.conf"));
        QFile file(conf);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QStringLiteral("port %1\nbind 127.0.0.1\ndir %2\n"
                                  "sentinel monitor moved 127.0.0.1 %3 1\n")
                       .arg(sentinel.port)
                       .arg(m_dir.path())
                       .arg(first.port)
                       .toUtf8());
        file.close();
        QVERIFY(sentinel.start({conf, QStringLiteral("--sentinel")}));
        SentinelWatcher watcher({{QStringLiteral("127.0.0.1"), sentinel.port}},
                                "moved",
                                std::chrono::milliseconds(500),
                                std::chrono::milliseconds(100));
        QCOMPARE(watcher.resolve().value_or(QUrl()), local(first.port));
        QSemaphore entered;
        QSemaphore proceed;
        watcher.start([&](const QUrl &) {
            entered.release();
            proceed.acquire();
        });
        const auto stopWatcher = qScopeGuard([&] {
            proceed.release(100);
            watcher.stop();
        });
        RedisClient admin;
        QVERIFY(admin.connect(local(sentinel.port)));
        QCOMPARE(admin.command({"SENTINEL", "REMOVE", "moved"})->string, QByteArray("OK"));
        const QByteArray port = QByteArray::number(second.port);
        QCOMPARE(admin.command({"SENTINEL", "MONITOR", "moved", "127.0.0.1", port, "1"})->string,
                 QByteArray("OK"));
        QVERIFY(entered.tryAcquire(1, 10000));
        QCOMPARE(watcher.current(), local(first.port));
        proceed.release();
        QTRY_COMPARE(watcher.current(), local(second.port));
    }
};

QTEST_GUILESS_MAIN(TestSentinel)
#include "tst_sentinel.moc"
