// SPDX-License-Identifier: GPL-3.0-or-later
#include "checkoutfixture.h"
#include "realtimefixture.h"

#include "payments/webhooksignature.h"

#include <QDateTime>
#include <QJsonDocument>

#include <cmath>

using namespace boxoffice::test;

// Orders over the WebSocket: order.create / order.get through the same OrderService as REST,
// and `order.update` pushed to the owner's sessions on every instance (and nobody else's).
class TestWsOrders : public QObject
{
    Q_OBJECT
private:
    Checkout m_checkout;                    // instance A, the sandbox's webhooks go here
    std::unique_ptr<ServerProcess> m_other; // instance B on the same database
    QString m_event;
    int m_row = 0;

    QStringList seats(int count)
    {
        ++m_row;
        QStringList out;
        for (int n = 1; n <= count; ++n)
            out.append(QStringLiteral("S1-%1-%2").arg(m_row).arg(n));
        return out;
    }

    static QJsonObject ok(const QJsonObject &reply)
    {
        if (!reply.value(u"ok").toBool())
            qWarning("ws error: %s",
                     QJsonDocument(reply).toJson(QJsonDocument::Compact).constData());
        return reply.value(u"result").toObject();
    }

    // The next order.update for `orderId` with `status` (earlier states are skipped).
    static QJsonObject waitUpdate(WsClient &client, const QString &orderId, const QString &status)
    {
        QDeadlineTimer deadline(8000);
        while (!deadline.hasExpired()) {
            const auto push = client.nextPush(int(deadline.remainingTime()));
            if (!push)
                break;
            if (push->value(u"type").toString() != u"order.update")
                continue;
            const QJsonObject order = push->value(u"order").toObject();
            if (order.value(u"order_id").toString() == orderId
                && order.value(u"status").toString() == status)
                return order;
        }
        return {};
    }

    // A WS hold + order for `token`'s user; returns the order.
    QJsonObject wsOrder(WsClient &client, const QStringList &which, const QString &key)
    {
        const QJsonObject hold = ok(
            client.request(QStringLiteral("hold.create"),
                           {{QStringLiteral("event_id"), m_event},
                            {QStringLiteral("seats"), QJsonArray::fromStringList(which)}}));
        const QString holdId = hold.value(u"hold_id").toString();
        if (holdId.isEmpty())
            return {};
        return ok(client.request(QStringLiteral("order.create"),
                                 {{QStringLiteral("hold_id"), holdId},
                                  {QStringLiteral("idempotency_key"), key}}));
    }

    HttpResponse deliverUnmatched()
    {
        const QByteArray body
            = QJsonDocument(
                  QJsonObject{{QStringLiteral("id"),
                               QStringLiteral("evt_ws_%1").arg(QDateTime::currentMSecsSinceEpoch())},
                              {QStringLiteral("type"), QStringLiteral("payment.succeeded")},
                              {QStringLiteral("created"), 1700000000},
                              {QStringLiteral("data"),
                               QJsonObject{{QStringLiteral("intent_id"),
                                            QStringLiteral("pi_nobody")},
                                           {QStringLiteral("order_id"), QStringLiteral("x")},
                                           {QStringLiteral("amount_cents"), 100},
                                           {QStringLiteral("currency"), QStringLiteral("EUR")}}}})
                  .toJson(QJsonDocument::Compact);
        return m_checkout.client()
            .postRaw("/payments/webhook",
                     body,
                     {},
                     {{"Payment-Signature",
                       boxoffice::server::payments::webhookSignatureHeader(
                           SandboxProcess::kSecret, QDateTime::currentSecsSinceEpoch(), body)}});
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_checkout.start());
        m_other = std::make_unique<ServerProcess>(m_checkout.server.get());
        QVERIFY(m_other->isRunning());
        m_event = m_checkout.createEvent(QStringLiteral("wsorders"), 10, 4, 0, 60);
        QVERIFY(!m_event.isEmpty());
    }

    void ownerGetsUpdatesOnEveryInstance()
    {
        const QByteArray alice = testToken(QStringLiteral("ws-alice"));
        const QByteArray bob = testToken(QStringLiteral("ws-bob"));
        WsClient aliceA(m_checkout.server->port(), alice);
        WsClient aliceB(m_other->port(), alice);
        WsClient bobA(m_checkout.server->port(), bob);
        WsClient bobB(m_other->port(), bob);
        QVERIFY(aliceA.isConnected() && aliceB.isConnected());
        QVERIFY(bobA.isConnected() && bobB.isConnected());

        const QStringList mine = seats(2);
        const QJsonObject created = wsOrder(aliceA, mine, QStringLiteral("ws-key-1"));
        const QString orderId = created.value(u"order_id").toString();
        QVERIFY(!orderId.isEmpty());
        QCOMPARE(created.value(u"status").toString(), QStringLiteral("pending"));
        const QString intent = created.value(u"payment").toObject().value(u"intent_id").toString();
        QVERIFY(intent.startsWith(u"pi_"));
        // Same key, same request: the stored answer, as over REST.
        const QJsonObject replay = ok(
            aliceA.request(QStringLiteral("order.create"),
                           {{QStringLiteral("hold_id"), created.value(u"hold_id").toString()},
                            {QStringLiteral("idempotency_key"), QStringLiteral("ws-key-1")}}));
        QCOMPARE(replay.value(u"order_id").toString(), orderId);

        // order.get answers what GET /orders/{id} answers, on either instance; every
        // connection is surely authenticated before the payment.
        const auto rest = m_checkout.client().get("/orders/" + orderId.toLatin1(), alice);
        QCOMPARE(rest.status, 200);
        const QJsonObject onB = ok(
            aliceB.request(QStringLiteral("order.get"), {{QStringLiteral("order_id"), orderId}}));
        QCOMPARE(onB, rest.json());

        // Somebody else's order is not_found, with REST's problem object.
        const QJsonObject foreign = bobB.request(QStringLiteral("order.get"),
                                                 {{QStringLiteral("order_id"), orderId}});
        QCOMPARE(foreign.value(u"ok").toBool(), false);
        QCOMPARE(foreign.value(u"error").toObject().value(u"code").toString(),
                 QStringLiteral("not_found"));
        const auto restForeign = m_checkout.client().get("/orders/" + orderId.toLatin1(), bob);
        QCOMPARE(restForeign.status, 404);
        // The same problem as REST (whose answer also names its request).
        QCOMPARE(foreign.value(u"error").toObject(), restForeign.jsonWithoutRequestId());
        QVERIFY(
            bobA.request(QStringLiteral("order.get"), {}).value(u"error").toObject().value(u"code")
            == QStringLiteral("bad_request"));

        // Pay at the sandbox: the webhook goes to A, the push reaches alice on A and on B.
        QCOMPARE(m_checkout.confirm(intent, QStringLiteral("4242424242424242")).status, 200);
        const QJsonObject paidA = waitUpdate(aliceA, orderId, QStringLiteral("paid"));
        const QJsonObject paidB = waitUpdate(aliceB, orderId, QStringLiteral("paid"));
        QCOMPARE(paidA.value(u"status").toString(), QStringLiteral("paid"));
        QCOMPARE(paidA.value(u"tickets").toArray().size(), 2);
        const auto restPaid = m_checkout.client().get("/orders/" + orderId.toLatin1(), alice);
        QCOMPARE(paidA, restPaid.json());
        QCOMPARE(paidB, restPaid.json());

        // Nobody else heard of it (bob has no subscriptions: any push at all would be a leak).
        QTest::qWait(300);
        for (WsClient *other : {&bobA, &bobB}) {
            while (auto push = other->nextPush(0))
                QFAIL(QJsonDocument(*push).toJson(QJsonDocument::Compact).constData());
        }
    }

    void failedPaymentIsPushed()
    {
        const QByteArray carol = testToken(QStringLiteral("ws-carol"));
        WsClient client(m_other->port(), carol);
        QVERIFY(client.isConnected());
        const QJsonObject created = wsOrder(client, seats(1), QStringLiteral("ws-key-2"));
        const QString orderId = created.value(u"order_id").toString();
        QVERIFY(!orderId.isEmpty());
        const QString intent = created.value(u"payment").toObject().value(u"intent_id").toString();
        m_checkout.confirm(intent, QStringLiteral("4000000000000002")); // declined
        const QJsonObject failed = waitUpdate(client, orderId, QStringLiteral("failed"));
        QCOMPARE(failed.value(u"status").toString(), QStringLiteral("failed"));
        QCOMPARE(failed, m_checkout.client().get("/orders/" + orderId.toLatin1(), carol).json());
    }

    // The order is paid while both instances' LISTEN connections are down (killed, and killed
    // again whenever they come back, until the change is relayed, so its NOTIFY reaches no
    // one): each feed resumes from its order_log cursor and the owner still gets the update.
    void orderUpdateSurvivesListenReconnect()
    {
        const QByteArray erin = testToken(QStringLiteral("ws-erin"));
        WsClient onA(m_checkout.server->port(), erin);
        WsClient onB(m_other->port(), erin);
        QVERIFY(onA.isConnected() && onB.isConnected());
        const QJsonObject created = wsOrder(onA, seats(1), QStringLiteral("ws-key-3"));
        const QString orderId = created.value(u"order_id").toString();
        QVERIFY(!orderId.isEmpty());
        // B's session is surely authenticated before the feeds go down.
        QCOMPARE(ok(onB.request(QStringLiteral("order.get"),
                                {{QStringLiteral("order_id"), orderId}}))
                     .value(u"order_id")
                     .toString(),
                 orderId);
        const auto killFeeds = [&] {
            return m_checkout.scalar("SELECT count(pg_terminate_backend(pid)) FROM"
                                     " pg_stat_activity WHERE application_name = 'boxoffice-feed'"
                                     " AND datname = current_database()");
        };
        QCOMPARE(killFeeds(), 2);
        const QString intent = created.value(u"payment").toObject().value(u"intent_id").toString();
        QCOMPARE(m_checkout.confirm(intent, QStringLiteral("4242424242424242")).status, 200);
        const std::string relayed = "SELECT count(*) FROM outbox WHERE kind = 'order.paid'"
                                    " AND id NOT IN (SELECT id FROM outbox_pending)"
                                    " AND payload->>'order_id' = '"
                                    + orderId.toStdString() + "'";
        QVERIFY(waitUntil([&] {
            killFeeds();
            return m_checkout.scalar(relayed) == 1;
        }));
        killFeeds();
        QTest::qWait(100);
        killFeeds();

        const QJsonObject paidA = waitUpdate(onA, orderId, QStringLiteral("paid"));
        const QJsonObject paidB = waitUpdate(onB, orderId, QStringLiteral("paid"));
        const auto rest = m_checkout.client().get("/orders/" + orderId.toLatin1(), erin);
        QCOMPARE(rest.json().value(u"status").toString(), QStringLiteral("paid"));
        QCOMPARE(paidA, rest.json());
        QCOMPARE(paidB, rest.json());
        QVERIFY(m_checkout.server->log().contains("listener lost its connection"));
        QVERIFY(m_other->log().contains("listener lost its connection"));
    }

    void badOrderRequests()
    {
        WsClient client(m_checkout.server->port(), testToken(QStringLiteral("ws-dave")));
        QVERIFY(client.isConnected());
        auto code = [&](const QJsonObject &params) {
            return client.request(QStringLiteral("order.create"), params)
                .value(u"error")
                .toObject()
                .value(u"code")
                .toString();
        };
        QCOMPARE(code({}), QStringLiteral("bad_request"));
        QCOMPARE(code({{QStringLiteral("hold_id"), 7}}), QStringLiteral("bad_request"));
        QCOMPARE(code({{QStringLiteral("hold_id"), QStringLiteral("x")},
                       {QStringLiteral("surprise"), true}}),
                 QStringLiteral("bad_request"));
        QCOMPARE(code({{QStringLiteral("hold_id"),
                        QStringLiteral("00000000-0000-0000-0000-000000000000")}}),
                 m_checkout
                     .order(QStringLiteral("00000000-0000-0000-0000-000000000000"),
                            testToken(QStringLiteral("ws-dave")))
                     .json()
                     .value(u"code")
                     .toString());
        WsClient anonymous(m_checkout.server->port());
        QCOMPARE(anonymous
                     .request(QStringLiteral("order.get"),
                              {{QStringLiteral("order_id"), QStringLiteral("x")}})
                     .value(u"error")
                     .toObject()
                     .value(u"code")
                     .toString(),
                 QStringLiteral("unauthenticated"));
    }

    void metrics()
    {
        const double unmatched = metricValue(*m_checkout.server,
                                             QStringLiteral("boxoffice_payments_unmatched_total"));
        QVERIFY(std::isfinite(unmatched));
        QCOMPARE(deliverUnmatched().status, 200);
        QCOMPARE(metricValue(*m_checkout.server,
                             QStringLiteral("boxoffice_payments_unmatched_total")),
                 unmatched + 1);
        // The paid order of the first test, observed where its webhook landed.
        const double count = metricValue(*m_checkout.server,
                                         QStringLiteral("boxoffice_checkout_seconds_count"));
        const double sum = metricValue(*m_checkout.server,
                                       QStringLiteral("boxoffice_checkout_seconds_sum"));
        QVERIFY2(count >= 1, qPrintable(QString::number(count)));
        QVERIFY2(sum >= 0 && sum < 30 * count, qPrintable(QString::number(sum)));
        // Nothing owed here; the gauge is refreshed by the compensation worker.
        const qint64 owed = m_checkout.scalar(
            "SELECT count(*) FROM compensations WHERE status = 'pending'");
        QVERIFY(waitUntil(
            [&] {
                return metricValue(*m_checkout.server,
                                   QStringLiteral("boxoffice_compensations_pending"))
                       == double(owed);
            },
            3000));
    }

    void cleanupTestCase()
    {
        if (m_checkout.server && m_checkout.server->isRunning())
            QCOMPARE(saleViolations(m_checkout.server->databaseUrl()), QString());
    }
};

QTEST_MAIN(TestWsOrders)
#include "tst_wsorders.moc"
