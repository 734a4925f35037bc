// SPDX-License-Identifier: GPL-3.0-or-later
#include "queuefixture.h"
#include "redis/redisclient.h"
#include "testenv.h"

#include <QElapsedTimer>
#include <QTest>

using namespace boxoffice::test;

// The admitter's rate over a window, measured in Redis (the active set), must match the
// configured admit_per_minute. BOXOFFICE_QUEUE_RATE_WINDOW_S (default 15) and
// BOXOFFICE_QUEUE_RATE_TOLERANCE (default 0.10); the `soak` run uses 120 s and 0.05.
class TestQueueRate : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void admissionRateMatchesConfiguration()
    {
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        const std::string redisUrl = requiredEnv("BOXOFFICE_TEST_REDIS_URL");
        QVERIFY(!url.empty() && !redisUrl.empty());
        const int window = qEnvironmentVariableIntValue("BOXOFFICE_QUEUE_RATE_WINDOW_S") > 0
                               ? qEnvironmentVariableIntValue("BOXOFFICE_QUEUE_RATE_WINDOW_S")
                               : 15;
        bool ok = false;
        double tolerance = qEnvironmentVariable("BOXOFFICE_QUEUE_RATE_TOLERANCE").toDouble(&ok);
        if (!ok)
            tolerance = 0.10;
        const int perMinute = 240; // 4 per second
        ServerProcess server(url,
                             {},
                             {{QStringLiteral("BOXOFFICE_ADMISSION_SECONDS"),
                               QStringLiteral("3600")}});
        QVERIFY2(server.isRunning(), server.log().constData());
        const QByteArray manager = testToken(QStringLiteral("rate-manager"),
                                             QStringLiteral("manager"));
        const EventShape shape = EventShape::seats(1, 5).queued(perMinute, 100000);
        const SeededEvent seeded = SeededEvent::create(server.client(),
                                                       manager,
                                                       QStringLiteral("rh"),
                                                       shape);
        QVERIFY2(seeded.ok(), seeded.error().constData());
        const QueueClient queue{server.client()};
        const QString event = seeded.eventId;
        const int users = perMinute * window / 60 * 3 / 2 + 20; // never runs dry
        for (int i = 0; i < users; ++i)
            QCOMPARE(queue.join(event, QStringLiteral("r-%1").arg(i)).status, 200);

        boxoffice::server::redis::RedisClient redis;
        QVERIFY(redis.connect(QUrl(QString::fromStdString(redisUrl))));
        const QByteArray active = "q:{" + event.toUtf8() + "}:active";
        auto count = [&] { return redis.command({"ZCARD", active})->integer; };
        // Start the clock at the first admission step after a warm-up.
        QTRY_VERIFY_WITH_TIMEOUT(count() > 0, 5000);
        qint64 start = count();
        while (count() == start)
            QTest::qWait(5);
        start = count();
        QElapsedTimer timer;
        timer.start();
        QTest::qWait(window * 1000);
        // End at a step boundary too, so the window holds whole steps.
        const qint64 beforeEnd = count();
        while (count() == beforeEnd)
            QTest::qWait(5);
        const double seconds = timer.elapsed() / 1000.0;
        const double measured = double(count() - start) * 60.0 / seconds;
        qInfo("admitted %lld in %.2f s: %.1f/min (configured %d)",
              count() - start,
              seconds,
              measured,
              perMinute);
        QVERIFY2(std::abs(measured - perMinute) <= perMinute * tolerance,
                 qPrintable(QStringLiteral("%1/min").arg(measured)));
    }
};

QTEST_GUILESS_MAIN(TestQueueRate)
#include "tst_queuerate.moc"
