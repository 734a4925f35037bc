// SPDX-License-Identifier: GPL-3.0-or-later
#include "checkoutfixture.h"
#include "queuefixture.h"
#include "redisfixture.h"
#include "wsclient.h"

#include <QJsonDocument>

using namespace boxoffice::test;
using boxoffice::server::redis::RedisClient;
using boxoffice::server::redis::Reply;

// A user leaves the waiting room's active set when their order is paid (online or at the
// counter) or their hold is released (REST or WebSocket), so the next user is admitted long
// before the 300 s admission would run out; and a Redis that is down when the payment arrives
// never fails the payment (the admission's expiry is the backstop). Real Redis, PostgreSQL and
// payment sandbox.
class TestQueueLeave : public QObject
{
    Q_OBJECT
private:
    OwnRedis m_redis; // killed by the last test
    Checkout m_checkout;
    QByteArray m_manager = testToken(QStringLiteral("leave-manager"), QStringLiteral("manager"));
    const QString m_venue = QStringLiteral("qleave");
    int m_row = 0;

    QueueClient queue() const { return QueueClient{m_checkout.client()}; }

    // A queued event letting one user in at a time, admitting at once when there is room.
    QString oneAtATime() const { return queue().createEvent(m_manager, m_venue, 60000, 1); }

    QStringList nextSeat()
    {
        ++m_row;
        return {QStringLiteral("S1-%1-1").arg(m_row)};
    }

    // Joins as `user` (a fan unless `token` says otherwise); the queue_id.
    QString join(const QString &eventId, const QString &user, const QByteArray &token = {}) const
    {
        const auto joined = m_checkout.client().post("/events/" + eventId.toUtf8() + "/queue",
                                                     QJsonObject{},
                                                     token.isEmpty() ? testToken(user) : token);
        if (joined.status != 200)
            qWarning("join: %d %s", joined.status, joined.body.constData());
        return joined.json().value(u"queue_id").toString();
    }

    QString state(const QString &eventId, const QString &user, const QString &queueId) const
    {
        return queue().status(eventId, user, queueId).json().value(u"state").toString();
    }

    // Whether `user` is in the event's active set, straight from Redis.
    bool active(const QString &eventId, const QString &user) const
    {
        RedisClient client;
        if (!client.connect(QUrl(m_redis.url())))
            return false;
        const auto reply = client.command(
            {QByteArrayLiteral("ZSCORE"), "q:{" + eventId.toUtf8() + "}:active", user.toUtf8()});
        return reply && reply->type != Reply::Type::Nil;
    }

    // `first` is admitted and `second` waits behind them: the house is full.
    struct Pair
    {
        QString eventId;
        QByteArray admission;
        QString secondQueueId;
    };
    Pair fullHouse(const QString &first, const QString &second) const
    {
        Pair pair{oneAtATime(), {}, {}};
        pair.admission = queue().waitForAdmission(pair.eventId, first, join(pair.eventId, first));
        pair.secondQueueId = join(pair.eventId, second);
        return pair;
    }

    // `second` is still waiting after several admitter steps (the house really is full).
    bool stillWaiting(const Pair &pair, const QString &second) const
    {
        QTest::qWait(400); // four admitter ticks
        return state(pair.eventId, second, pair.secondQueueId) == u"waiting";
    }

    QJsonObject order(const QString &holdId, const QString &user)
    {
        const auto created = m_checkout.order(holdId, testToken(user));
        if (created.status != 201)
            qWarning("order: %d %s", created.status, created.body.constData());
        return created.json();
    }

    QString intentOf(const QJsonObject &order) const
    {
        return order.value(u"payment").toObject().value(u"intent_id").toString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_redis.start());
        QVERIFY(m_checkout.start({QStringLiteral("--redis-url"), m_redis.url()},
                                 {},
                                 {{QStringLiteral("BOXOFFICE_QUEUE_TICK_MS"), QStringLiteral("100")},
                                  {QStringLiteral("BOXOFFICE_QUEUE_SETTINGS_CACHE_MS"),
                                   QStringLiteral("0")}}));
        QCOMPARE(m_checkout.client()
                     .postRaw("/venues", venueJson(m_venue, 1, 20, 2, 0), m_manager)
                     .status,
                 201);
    }

    void paidOrderFreesThePlace()
    {
        const Pair pair = fullHouse(QStringLiteral("paid-first"), QStringLiteral("paid-second"));
        QVERIFY(!pair.admission.isEmpty());
        QVERIFY(stillWaiting(pair, QStringLiteral("paid-second")));
        const auto held = queue().hold(pair.eventId,
                                       QStringLiteral("paid-first"),
                                       nextSeat(),
                                       pair.admission);
        QCOMPARE(held.status, 201);
        const QJsonObject created = order(held.json().value(u"hold_id").toString(),
                                          QStringLiteral("paid-first"));
        QVERIFY(active(pair.eventId, QStringLiteral("paid-first"))); // an order is not the end
        QCOMPARE(m_checkout.confirm(intentOf(created), QStringLiteral("4242424242424242")).status,
                 200);
        QCOMPARE(m_checkout
                     .waitOrder(created.value(u"order_id").toString(),
                                testToken(QStringLiteral("paid-first")),
                                QStringLiteral("paid"))
                     .value(u"status")
                     .toString(),
                 QStringLiteral("paid"));
        // Paid: out of the active set, and the next one is let in within a few admitter steps
        // (the admission itself would last 300 s).
        QVERIFY(!queue()
                     .waitForAdmission(pair.eventId,
                                       QStringLiteral("paid-second"),
                                       pair.secondQueueId,
                                       5000)
                     .isEmpty());
        QVERIFY(!active(pair.eventId, QStringLiteral("paid-first")));
        const QByteArray metrics = m_checkout.client().get("/metrics").body;
        const qsizetype at = metrics.indexOf("\nboxoffice_queue_left_early ");
        QVERIFY(at >= 0);
        QVERIFY(metrics.mid(at + 28, metrics.indexOf('\n', at + 1) - at - 28).toDouble() >= 1);
    }

    void releaseFreesThePlace_data()
    {
        QTest::addColumn<bool>("overWebSocket");
        QTest::newRow("DELETE /holds/{id}") << false;
        QTest::newRow("WS hold.release") << true;
    }

    void releaseFreesThePlace()
    {
        QFETCH(bool, overWebSocket);
        const QString first = overWebSocket ? QStringLiteral("ws-rel-first")
                                            : QStringLiteral("rest-rel-first");
        const QString second = first + QStringLiteral("-next");
        const Pair pair = fullHouse(first, second);
        QVERIFY(!pair.admission.isEmpty());
        QVERIFY(stillWaiting(pair, second));
        if (overWebSocket) {
            WsClient ws(m_checkout.server->port(), testToken(first));
            QVERIFY(ws.isConnected());
            const QJsonObject held = ws.request(QStringLiteral("hold.create"),
                                                {{QStringLiteral("event_id"), pair.eventId},
                                                 {QStringLiteral("seats"),
                                                  QJsonArray::fromStringList(nextSeat())},
                                                 {QStringLiteral("admission_token"),
                                                  QString::fromLatin1(pair.admission)}});
            QVERIFY2(held.value(u"ok").toBool(), QJsonDocument(held).toJson().constData());
            const QJsonObject released = ws.request(QStringLiteral("hold.release"),
                                                    {{QStringLiteral("hold_id"),
                                                      held.value(u"result").toObject().value(
                                                          u"hold_id")}});
            QVERIFY2(released.value(u"ok").toBool(), QJsonDocument(released).toJson().constData());
        } else {
            const auto held = queue().hold(pair.eventId, first, nextSeat(), pair.admission);
            QCOMPARE(held.status, 201);
            QCOMPARE(m_checkout.client()
                         .del("/holds/" + held.json().value(u"hold_id").toString().toUtf8(),
                              testToken(first))
                         .status,
                     204);
        }
        QVERIFY(!queue().waitForAdmission(pair.eventId, second, pair.secondQueueId, 5000).isEmpty());
        QVERIFY(!active(pair.eventId, first));
    }

    void boxOfficeSaleFreesThePlace()
    {
        // Clerks queue like everyone else; their counter sale is their completed order.
        const QString clerk = QStringLiteral("leave-clerk");
        const QByteArray clerkToken = testToken(clerk, QStringLiteral("clerk"));
        const QString eventId = oneAtATime();
        const QString clerkPlace = join(eventId, clerk, clerkToken);
        QByteArray admission;
        for (int i = 0; i < 100 && admission.isEmpty(); ++i, QTest::qWait(50)) {
            const QJsonObject place = m_checkout.client()
                                          .get("/events/" + eventId.toUtf8() + "/queue/"
                                                   + clerkPlace.toUtf8(),
                                               clerkToken)
                                          .json();
            admission = place.value(u"admission_token").toString().toLatin1();
        }
        QVERIFY(!admission.isEmpty());
        const QString next = QStringLiteral("counter-next");
        const QString nextPlace = join(eventId, next);
        QTest::qWait(400);
        QCOMPARE(state(eventId, next, nextPlace), QStringLiteral("waiting"));
        const auto held = m_checkout.client()
                              .post("/holds",
                                    QJsonObject{{QStringLiteral("event_id"), eventId},
                                                {QStringLiteral("seats"),
                                                 QJsonArray::fromStringList(nextSeat())}},
                                    clerkToken,
                                    {{QByteArrayLiteral("X-Admission-Token"), admission}});
        QCOMPARE(held.status, 201);
        const auto sold = m_checkout.client().post(
            "/orders",
            QJsonObject{{QStringLiteral("hold_id"), held.json().value(u"hold_id")},
                        {QStringLiteral("payment"),
                         QJsonObject{{QStringLiteral("method"), QStringLiteral("card_present")},
                                     {QStringLiteral("reference"), QStringLiteral("terminal 7")}}}},
            clerkToken);
        QVERIFY2(sold.status == 201, sold.body.constData());
        QCOMPARE(sold.json().value(u"status").toString(), QStringLiteral("paid"));
        QVERIFY(!queue().waitForAdmission(eventId, next, nextPlace, 5000).isEmpty());
        QVERIFY(!active(eventId, clerk));
    }

    // Last: it kills this test's Redis.
    void redisDownNeverFailsThePayment()
    {
        const Pair pair = fullHouse(QStringLiteral("down-first"), QStringLiteral("down-second"));
        QVERIFY(!pair.admission.isEmpty());
        const auto held = queue().hold(pair.eventId,
                                       QStringLiteral("down-first"),
                                       nextSeat(),
                                       pair.admission);
        QCOMPARE(held.status, 201);
        const QJsonObject created = order(held.json().value(u"hold_id").toString(),
                                          QStringLiteral("down-first"));
        m_redis.kill();
        QCOMPARE(m_checkout.confirm(intentOf(created), QStringLiteral("4242424242424242")).status,
                 200);
        const QJsonObject paid = m_checkout.waitOrder(created.value(u"order_id").toString(),
                                                      testToken(QStringLiteral("down-first")),
                                                      QStringLiteral("paid"));
        QCOMPARE(paid.value(u"status").toString(), QStringLiteral("paid"));
        QCOMPARE(paid.value(u"tickets").toArray().size(), 1);
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM orders WHERE id = '"
                                   + paid.value(u"order_id").toString().toStdString()
                                   + "' AND status = 'paid'"),
                 1);
        // Redis returns (append-only file): the place could not be freed while it was away, so
        // it stays taken until the admission expires - the backstop, not a failure.
        QVERIFY(m_redis.start());
        QVERIFY(active(pair.eventId, QStringLiteral("down-first")));
    }
};

QTEST_GUILESS_MAIN(TestQueueLeave)
#include "tst_queueleave.moc"
