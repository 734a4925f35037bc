// SPDX-License-Identifier: GPL-3.0-or-later
#include "auth/jwt.h"
#include "queuefixture.h"
#include "redis/redisclient.h"
#include "testenv.h"
#include "wsclient.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QSet>
#include <QTest>

using namespace boxoffice::test;

// The waiting room over HTTP with the real Redis: FIFO, early arrivals shuffled, rejoin keeps
// the place, admission tokens and every way around them, two instances sharing max_active, and
// seat leases on the hold path.
class TestQueue : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<ServerProcess> m_server;
    QByteArray m_manager;
    const QString m_venue = QStringLiteral("qhall");

    QueueClient queue() const { return QueueClient{m_server->client()}; }
    static QHash<QString, QString> fastTicks()
    {
        return {{QStringLiteral("BOXOFFICE_QUEUE_TICK_MS"), QStringLiteral("100")},
                {QStringLiteral("BOXOFFICE_QUEUE_SETTINGS_CACHE_MS"), QStringLiteral("0")}};
    }

    QByteArray admissionToken(const QString &subject, const QString &eventId, qint64 expIn) const
    {
        const qint64 now = QDateTime::currentSecsSinceEpoch();
        return boxoffice::server::auth::JwtSigner::hs256(kTestJwtSecret)
            .sign(QJsonObject{{QStringLiteral("iss"), QStringLiteral("boxoffice")},
                              {QStringLiteral("aud"), QStringLiteral("boxoffice-api")},
                              {QStringLiteral("sub"), subject},
                              {QStringLiteral("typ"), QStringLiteral("admission")},
                              {QStringLiteral("event_id"), eventId},
                              {QStringLiteral("exp"), double(now + expIn)}});
    }

private Q_SLOTS:
    void initTestCase()
    {
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        QVERIFY(!requiredEnv("BOXOFFICE_TEST_REDIS_URL").empty());
        m_server = std::make_unique<ServerProcess>(url, QStringList{}, fastTicks());
        QVERIFY2(m_server->isRunning(), m_server->log().constData());
        m_manager = testToken(QStringLiteral("qmanager"), QStringLiteral("manager"));
        const auto venue = m_server->client().postRaw("/venues",
                                                      venueJson(m_venue, 2, 5, 10, 50),
                                                      m_manager);
        QVERIFY2(venue.status == 201, venue.body.constData());
        const auto ready = m_server->client().get("/readyz");
        QCOMPARE(ready.json().value(u"redis").toString(), QStringLiteral("up"));
    }

    void fifoAfterOnSale()
    {
        // max_active 5 at a high rate: exactly the first five joiners get in, in order.
        const QString event = queue().createEvent(m_manager, m_venue, 6000, 5);
        QVERIFY(!event.isEmpty());
        QStringList ids;
        for (int i = 0; i < 12; ++i) {
            const auto joined = queue().join(event, QStringLiteral("fifo-%1").arg(i));
            QCOMPARE(joined.status, 200);
            ids.append(joined.json().value(u"queue_id").toString());
        }
        QCOMPARE(QSet<QString>(ids.begin(), ids.end()).size(), 12);
        QVERIFY(!queue().waitForAdmission(event, QStringLiteral("fifo-4"), ids[4]).isEmpty());
        QTest::qWait(500); // more admitter steps: still only five
        for (int i = 0; i < 12; ++i) {
            const auto place = queue().status(event, QStringLiteral("fifo-%1").arg(i), ids[i]).json();
            if (i < 5) {
                QCOMPARE(place.value(u"state").toString(), QStringLiteral("admitted"));
                QVERIFY(!place.value(u"admission_token").toString().isEmpty());
                QVERIFY(!place.value(u"admission_expires_at").toString().isEmpty());
            } else {
                QCOMPARE(place.value(u"state").toString(), QStringLiteral("waiting"));
                QCOMPARE(place.value(u"ahead").toInt(), i - 5);
                QCOMPARE(place.value(u"position").toInt(), i - 4);
                QVERIFY(place.value(u"eta_seconds").toInt() >= 0);
                QVERIFY(place.value(u"retry_after").toInt() >= 1);
            }
        }
    }

    void retryAfterGrowsWithDistance()
    {
        const QString event = queue().createEvent(m_manager,
                                                  m_venue,
                                                  10,
                                                  1000,
                                                  QDateTime::currentDateTimeUtc().addSecs(3600));
        int previousEta = -1;
        int firstRetry = 0;
        int lastRetry = 0;
        for (int i = 0; i < 30; ++i) {
            const auto place = queue().join(event, QStringLiteral("far-%1").arg(i)).json();
            QCOMPARE(place.value(u"state").toString(), QStringLiteral("waiting"));
            QVERIFY(place.value(u"eta_seconds").toInt() >= 3600 - 5);
            if (i == 0)
                firstRetry = place.value(u"retry_after").toInt();
            lastRetry = place.value(u"retry_after").toInt();
            previousEta = place.value(u"eta_seconds").toInt();
        }
        QVERIFY(previousEta > 0);
        QVERIFY(lastRetry >= firstRetry);
        // After on-sale the ETA comes from the rate: 10/min, 30 ahead -> minutes, and the
        // front polls more often than the back.
        const QString open = queue().createEvent(m_manager, m_venue, 10, 1000);
        QByteArrayList retries;
        int front = 0;
        int back = 0;
        for (int i = 0; i < 40; ++i) {
            const auto place = queue().join(open, QStringLiteral("far-%1").arg(i)).json();
            if (i == 0)
                front = place.value(u"retry_after").toInt();
            back = place.value(u"retry_after").toInt();
        }
        QVERIFY2(back > front, qPrintable(QStringLiteral("%1 vs %2").arg(front).arg(back)));
    }

    void earlyArrivalsAreShuffled()
    {
        const QDateTime onSale = QDateTime::currentDateTimeUtc().addSecs(4);
        // admit_per_minute 1: nobody is admitted during the test, positions stay put.
        const QString event = queue().createEvent(m_manager, m_venue, 1, 1000, onSale);
        QStringList ids;
        for (int i = 0; i < 30; ++i) {
            const auto joined = queue().join(event, QStringLiteral("early-%1").arg(i));
            QCOMPARE(joined.status, 200);
            QCOMPARE(joined.json().value(u"state").toString(), QStringLiteral("waiting"));
            ids.append(joined.json().value(u"queue_id").toString());
        }
        QVERIFY2(QDateTime::currentDateTimeUtc() < onSale, "joins took too long");
        QTRY_VERIFY_WITH_TIMEOUT(QDateTime::currentDateTimeUtc() > onSale.addMSecs(200), 8000);
        for (int i = 0; i < 3; ++i)
            QCOMPARE(queue().join(event, QStringLiteral("late-%1").arg(i)).status, 200);
        QList<int> positions;
        for (int i = 0; i < 30; ++i)
            positions.append(queue()
                                 .status(event, QStringLiteral("early-%1").arg(i), ids[i])
                                 .json()
                                 .value(u"position")
                                 .toInt());
        QList<int> sorted = positions;
        std::sort(sorted.begin(), sorted.end());
        QList<int> expected;
        for (int i = 1; i <= 30; ++i)
            expected.append(i);
        QCOMPARE(sorted, expected);     // the early arrivals are the first thirty...
        QVERIFY(positions != expected); // ...in random order (1 in 30! to fail by chance)
        for (int i = 0; i < 3; ++i)     // later arrivals queue behind, in order
            QCOMPARE(queue()
                         .join(event, QStringLiteral("late-%1").arg(i))
                         .json()
                         .value(u"position")
                         .toInt(),
                     31 + i);
    }

    void rejoinKeepsThePlace()
    {
        const QString event = queue().createEvent(m_manager, m_venue, 1, 1000);
        for (int i = 0; i < 3; ++i)
            queue().join(event, QStringLiteral("front-%1").arg(i));
        const auto first = queue().join(event, QStringLiteral("rejoiner")).json();
        for (int i = 0; i < 3; ++i)
            queue().join(event, QStringLiteral("back-%1").arg(i));
        const auto again = queue().join(event, QStringLiteral("rejoiner")).json();
        QCOMPARE(again.value(u"queue_id"), first.value(u"queue_id"));
        QCOMPARE(again.value(u"position").toInt(), 4);
        const QString queueId = first.value(u"queue_id").toString();
        // Another user's queue id, an unknown one, and a wrong event: 404.
        QCOMPARE(queue().status(event, QStringLiteral("intruder"), queueId).status, 404);
        QCOMPARE(queue().status(event, QStringLiteral("rejoiner"), QStringLiteral("nope")).status,
                 404);
        const QString other = queue().createEvent(m_manager, m_venue, 1, 1000);
        QCOMPARE(queue().status(other, QStringLiteral("rejoiner"), queueId).status, 404);
        // Events without a queue, unknown events, no token.
        const QString plain = queue().createEvent(m_manager,
                                                  m_venue,
                                                  1,
                                                  1000,
                                                  QDateTime::currentDateTimeUtc(),
                                                  false);
        QCOMPARE(queue().join(plain, QStringLiteral("x")).status, 404);
        QCOMPARE(queue().join(QStringLiteral("not-a-uuid"), QStringLiteral("x")).status, 404);
        QCOMPARE(m_server->client().post("/events/" + event.toUtf8() + "/queue", {}).status, 401);
    }

    void bypassAttemptsAreRefused()
    {
        const QString event = queue().createEvent(m_manager, m_venue, 6000, 100);
        const QString otherEvent = queue().createEvent(m_manager, m_venue, 6000, 100);
        const QString user = QStringLiteral("admitted-fan");
        const QString queueId = queue().join(event, user).json().value(u"queue_id").toString();
        const QByteArray token = queue().waitForAdmission(event, user, queueId);
        QVERIFY(!token.isEmpty());
        const QString other = QStringLiteral("other-fan");
        const QString otherId = queue().join(otherEvent, other).json().value(u"queue_id").toString();
        const QByteArray otherEventToken = queue().waitForAdmission(otherEvent, other, otherId);
        QVERIFY(!otherEventToken.isEmpty());
        const QStringList seat{QStringLiteral("S1-1-1")};

        struct Attempt
        {
            const char *name;
            QString user;
            QByteArray admission;
        };
        const QList<Attempt> attempts{
            {"no token", user, {}},
            {"another user's token", QStringLiteral("thief"), token},
            {"another event's token", other, otherEventToken},
            {"expired token", user, admissionToken(user, event, -3600)},
            {"access token in its place", user, testToken(user)},
            {"garbage", user, "x.y.z"},
        };
        for (const Attempt &attempt : attempts) {
            const auto refused = queue().hold(event, attempt.user, seat, attempt.admission);
            QVERIFY2(refused.status == 403, attempt.name);
            QCOMPARE(refused.code(), QStringLiteral("admission_required"));
        }
        // An admission token is never an access token.
        const auto asAccess = m_server->client()
                                  .post("/holds",
                                        QJsonObject{{QStringLiteral("event_id"), event},
                                                    {QStringLiteral("seats"),
                                                     QJsonArray::fromStringList(seat)}},
                                        token);
        QCOMPARE(asAccess.status, 401);
        // The real thing works; the seat lease then refuses a competitor before PostgreSQL.
        const auto held = queue().hold(event, user, seat, token);
        QCOMPARE(held.status, 201);
        const QString holdId = held.json().value(u"hold_id").toString();
        boxoffice::server::redis::RedisClient redis;
        QVERIFY(
            redis.connect(QUrl(QString::fromStdString(requiredEnv("BOXOFFICE_TEST_REDIS_URL")))));
        const QByteArray leaseKey = "hold:{" + event.toUtf8() + "}:S1-1-1";
        QCOMPARE(redis.command({"GET", leaseKey})->string, user.toUtf8() + '|' + holdId.toUtf8());
        const QString rival = QStringLiteral("rival-fan");
        const QString rivalId = queue().join(event, rival).json().value(u"queue_id").toString();
        const QByteArray rivalToken = queue().waitForAdmission(event, rival, rivalId);
        const auto lost = queue().hold(event, rival, seat, rivalToken);
        QCOMPARE(lost.status, 409);
        QCOMPARE(lost.code(), QStringLiteral("seat_unavailable"));
        QCOMPARE(lost.json().value(u"seats").toArray().first().toString(), seat.first());
        // Releasing deletes the lease (compare-and-delete) and frees the seat at once.
        QCOMPARE(m_server->client().del("/holds/" + holdId.toUtf8(), testToken(user)).status, 204);
        QCOMPARE(redis.command({"EXISTS", leaseKey})->integer, 0);
        QCOMPARE(queue().hold(event, rival, seat, rivalToken).status, 201);
    }

    void twoInstancesShareMaxActive()
    {
        ServerProcess second(requiredEnv("BOXOFFICE_TEST_DATABASE_URL"),
                             {QStringLiteral("--database-url"),
                              QString::fromStdString(m_server->databaseUrl())},
                             fastTicks());
        QVERIFY2(second.isRunning(), second.log().constData());
        const QString event = queue().createEvent(m_manager, m_venue, 60000, 7);
        const QueueClient clients[2] = {queue(), QueueClient{second.client()}};
        QStringList ids;
        for (int i = 0; i < 30; ++i)
            ids.append(clients[i % 2]
                           .join(event, QStringLiteral("pair-%1").arg(i))
                           .json()
                           .value(u"queue_id")
                           .toString());
        QVERIFY(!clients[1].waitForAdmission(event, QStringLiteral("pair-6"), ids[6]).isEmpty());
        QTest::qWait(800); // many steps of both admitters
        int admitted = 0;
        for (int i = 0; i < 30; ++i) {
            const auto place = clients[(i + 1) % 2].status(event,
                                                           QStringLiteral("pair-%1").arg(i),
                                                           ids[i]);
            QCOMPARE(place.status, 200);
            admitted += place.json().value(u"state").toString() == u"admitted";
        }
        QCOMPARE(admitted, 7);
    }

    void webSocketJoinAndUpdates()
    {
        // max_active 1: the second fan waits over the WebSocket until the first releases.
        const QString event = queue().createEvent(m_manager, m_venue, 60000, 1);
        const QString first
            = queue().join(event, QStringLiteral("ws-first")).json().value(u"queue_id").toString();
        const QByteArray admission = queue().waitForAdmission(event,
                                                              QStringLiteral("ws-first"),
                                                              first);
        QVERIFY(!admission.isEmpty());
        WsClient ws(m_server->port(), testToken(QStringLiteral("ws-second")));
        QVERIFY(ws.isConnected());
        const QJsonObject joined = ws.request(QStringLiteral("queue.join"),
                                              {{QStringLiteral("event_id"), event}});
        QVERIFY2(joined.value(u"ok").toBool(), QJsonDocument(joined).toJson().constData());
        const QJsonObject place = joined.value(u"result").toObject();
        QCOMPARE(place.value(u"state").toString(), QStringLiteral("waiting"));
        const QJsonObject status = ws.request(QStringLiteral("queue.status"),
                                              {{QStringLiteral("event_id"), event},
                                               {QStringLiteral("queue_id"),
                                                place.value(u"queue_id")}});
        QCOMPARE(status.value(u"result").toObject().value(u"ahead").toInt(), 0);
        // Holding over the WebSocket needs the admission token too.
        const QJsonObject refused = ws.request(QStringLiteral("hold.create"),
                                               {{QStringLiteral("event_id"), event},
                                                {QStringLiteral("seats"),
                                                 QJsonArray{QStringLiteral("S2-1-1")}}});
        QCOMPARE(refused.value(u"error").toObject().value(u"code").toString(),
                 QStringLiteral("admission_required"));
        const auto held = queue().hold(event,
                                       QStringLiteral("ws-first"),
                                       {QStringLiteral("S2-2-2")},
                                       admission);
        QCOMPARE(held.status, 201);
        QCOMPARE(m_server->client()
                     .del("/holds/" + held.json().value(u"hold_id").toString().toUtf8(),
                          testToken(QStringLiteral("ws-first")))
                     .status,
                 204);
        std::optional<QJsonObject> update;
        QElapsedTimer timer;
        timer.start();
        while (timer.elapsed() < 8000) {
            update = ws.nextPush(1000);
            if (update && update->value(u"type").toString() == u"queue.update"
                && update->value(u"state").toString() == u"admitted")
                break;
        }
        QVERIFY(update);
        QCOMPARE(update->value(u"type").toString(), QStringLiteral("queue.update"));
        QCOMPARE(update->value(u"state").toString(), QStringLiteral("admitted"));
        const QString token = update->value(u"admission_token").toString();
        QVERIFY(!token.isEmpty());
        const QJsonObject ok = ws.request(QStringLiteral("hold.create"),
                                          {{QStringLiteral("event_id"), event},
                                           {QStringLiteral("seats"),
                                            QJsonArray{QStringLiteral("S2-1-1")}},
                                           {QStringLiteral("admission_token"), token}});
        QVERIFY2(ok.value(u"ok").toBool(), QJsonDocument(ok).toJson().constData());
        // The metrics say what the waiting room did.
        const QByteArray metrics = m_server->client().get("/metrics").body;
        QVERIFY(metrics.contains("\nboxoffice_redis_up 1"));
        QVERIFY(metrics.contains("boxoffice_queue_wait_seconds_count"));
        QVERIFY(!metrics.contains("boxoffice_queue_wait_seconds_count 0\n"));
    }

    void rateLimitsAnswer429()
    {
        ServerProcess limited(requiredEnv("BOXOFFICE_TEST_DATABASE_URL"),
                              {},
                              {{QStringLiteral("BOXOFFICE_RATE_USER_PER_MINUTE"),
                                QStringLiteral("60")},
                               {QStringLiteral("BOXOFFICE_RATE_USER_BURST"), QStringLiteral("3")}});
        QVERIFY2(limited.isRunning(), limited.log().constData());
        const QueueClient client{limited.client()};
        const QByteArray manager = testToken(QStringLiteral("rl-manager"),
                                             QStringLiteral("manager"));
        QCOMPARE(limited.client().postRaw("/venues", venueJson(m_venue, 1, 2, 5, 0), manager).status,
                 201);
        const QString event = client.createEvent(manager, m_venue, 60, 100);
        const QString user = QStringLiteral("rl-")
                             + QString::number(QDateTime::currentMSecsSinceEpoch());
        QList<int> statuses;
        HttpResponse last;
        for (int i = 0; i < 5; ++i) {
            last = client.join(event, user);
            statuses.append(last.status);
        }
        QCOMPARE(statuses, (QList<int>{200, 200, 200, 429, 429}));
        QCOMPARE(last.code(), QStringLiteral("rate_limited"));
        QVERIFY(last.header("retry-after").toInt() >= 1);
        QCOMPARE(client.join(event, user + QStringLiteral("-other")).status, 200); // per user
    }
};

QTEST_GUILESS_MAIN(TestQueue)
#include "tst_queue.moc"
