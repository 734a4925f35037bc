// SPDX-License-Identifier: GPL-3.0-or-later
#include "checkoutfixture.h"
#include "dbcheck.h"

#include "payments/webhooksignature.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QSet>

using namespace boxoffice::test;

// Orders and payments end to end: a real server, a real payment-sandbox that delivers signed
// webhooks to it, PostgreSQL underneath.
class TestOrders : public QObject
{
    Q_OBJECT
private:
    Checkout m_checkout;
    QString m_event;
    int m_row = 0;

    QByteArray fan(const QString &name) { return testToken(name); }
    // A fresh row of seats per test so tests do not interfere.
    QStringList seats(int count)
    {
        ++m_row;
        QStringList out;
        for (int n = 1; n <= count; ++n)
            out.append(QStringLiteral("S1-%1-%2").arg(m_row).arg(n));
        return out;
    }
    std::string q(const QString &text) { return text.toStdString(); }

    QByteArray webhookBody(const QString &type,
                           const QString &intentId,
                           qint64 amount,
                           const QString &eventId = {})
    {
        const QString id = eventId.isEmpty()
                               ? QStringLiteral("evt_test_%1")
                                     .arg(QDateTime::currentMSecsSinceEpoch() + (m_row++))
                               : eventId;
        QJsonObject data{{QStringLiteral("intent_id"), intentId},
                         {QStringLiteral("order_id"), QStringLiteral("x")},
                         {QStringLiteral("amount_cents"), amount},
                         {QStringLiteral("currency"), QStringLiteral("EUR")}};
        if (type == u"refund.succeeded")
            data.insert(u"refund_id", QStringLiteral("re_test"));
        return QJsonDocument(QJsonObject{{QStringLiteral("id"), id},
                                         {QStringLiteral("type"), type},
                                         {QStringLiteral("created"), 1700000000},
                                         {QStringLiteral("data"), data}})
            .toJson(QJsonDocument::Compact);
    }
    HttpResponse deliver(const QByteArray &body,
                         qint64 t = 0,
                         const QByteArray &secret = SandboxProcess::kSecret)
    {
        const qint64 when = t ? t : QDateTime::currentSecsSinceEpoch();
        return m_checkout.client()
            .postRaw("/payments/webhook",
                     body,
                     {},
                     {{"Payment-Signature",
                       boxoffice::server::payments::webhookSignatureHeader(secret, when, body)}});
    }

    // hold + order for a fresh user; returns the order JSON.
    QJsonObject newOrder(const QByteArray &token, const QStringList &which)
    {
        const QString holdId = m_checkout.hold(m_event, which, token);
        if (holdId.isEmpty())
            return {};
        return m_checkout.order(holdId, token, "k-" + holdId.toLatin1()).json();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_checkout.start());
        m_event = m_checkout.createEvent(QStringLiteral("orders"), 30, 6, 0, 60);
        QVERIFY(!m_event.isEmpty());
    }

    void happyPath()
    {
        const QByteArray token = fan(QStringLiteral("alice"));
        const QStringList mine = seats(2);
        const QString holdId = m_checkout.hold(m_event, mine, token);
        QVERIFY(!holdId.isEmpty());
        const auto created = m_checkout.order(holdId, token, "happy-1");
        QCOMPARE(created.status, 201);
        const QJsonObject order = created.json();
        QCOMPARE(order.value(u"status").toString(), QStringLiteral("pending"));
        QCOMPARE(order.value(u"amount_cents").toInteger(), 10000); // 2 x category A
        QCOMPARE(order.value(u"currency").toString(), QStringLiteral("EUR"));
        const QJsonObject payment = order.value(u"payment").toObject();
        QCOMPARE(payment.value(u"provider").toString(), QStringLiteral("sandbox"));
        QVERIFY(payment.value(u"client_secret").toString().startsWith(u"pi_"));
        const QString intent = payment.value(u"intent_id").toString();
        QVERIFY(intent.startsWith(u"pi_"));
        QVERIFY(!order.value(u"created_at").toString().isEmpty());

        QCOMPARE(m_checkout.confirm(intent, QStringLiteral("4242424242424242")).status, 200);
        const QString id = order.value(u"order_id").toString();
        const QJsonObject paid = m_checkout.waitOrder(id, token, QStringLiteral("paid"));
        QCOMPARE(paid.value(u"status").toString(), QStringLiteral("paid"));
        const QJsonArray tickets = paid.value(u"tickets").toArray();
        QCOMPARE(tickets.size(), 2);
        QSet<QString> ticketSeats;
        for (const QJsonValue &t : tickets) {
            QCOMPARE(t.toObject().value(u"status").toString(), QStringLiteral("valid"));
            // The signed format (tst_ticketcodes): small enough for a QR code a phone shows.
            QVERIFY(t.toObject().value(u"code").toString().size() < 400);
            ticketSeats.insert(t.toObject().value(u"seat_id").toString());
        }
        QCOMPARE(ticketSeats, QSet<QString>(mine.begin(), mine.end()));
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM inventory WHERE status = 'sold'"
                                   " AND seat_id IN ('"
                                   + q(mine[0]) + "','" + q(mine[1]) + "')"),
                 2);
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM holds WHERE id = '" + q(holdId)
                                   + "' AND status = 'ordered'"),
                 1);
        // The owner finds it; others do not.
        const auto mineList = m_checkout.client().get("/me/orders", token).json();
        QCOMPARE(mineList.value(u"items").toArray().first().toObject().value(u"order_id").toString(),
                 id);
        QCOMPARE(m_checkout.client()
                     .get("/orders/" + id.toLatin1(), fan(QStringLiteral("mallory")))
                     .status,
                 404);
        QCOMPARE(m_checkout.client().get("/orders/not-a-uuid", token).status, 404);
        QVERIFY(m_checkout.scalar("SELECT count(*) FROM outbox WHERE kind = 'order.paid'") >= 1);
    }

    void idempotentReplay()
    {
        const QByteArray token = fan(QStringLiteral("bob"));
        const QString holdId = m_checkout.hold(m_event, seats(1), token);
        const auto first = m_checkout.order(holdId, token, "replay-key");
        QCOMPARE(first.status, 201);
        const auto again = m_checkout.order(holdId, token, "replay-key");
        QCOMPARE(again.status, 201);
        QCOMPARE(again.json().value(u"order_id"), first.json().value(u"order_id"));
        const auto otherKey = m_checkout.order(holdId, token, "another-key");
        QCOMPARE(otherKey.status, 200);
        QCOMPARE(otherKey.json().value(u"order_id"), first.json().value(u"order_id"));
        // Same key, another body.
        const QString otherHold = m_checkout.hold(m_event, seats(1), token);
        QCOMPARE(m_checkout.order(otherHold, token, "replay-key").code(),
                 QStringLiteral("idempotency_conflict"));
        // Someone else's hold is not found; junk is a 400.
        QCOMPARE(m_checkout.order(holdId, fan(QStringLiteral("eve"))).status, 404);
        QCOMPARE(m_checkout.client()
                     .post("/orders", QJsonObject{{QStringLiteral("hold"), 1}}, token)
                     .status,
                 400);
    }

    void twoOrdersForOneHold()
    {
        const QByteArray token = fan(QStringLiteral("carol"));
        const QString holdId = m_checkout.hold(m_event, seats(2), token);
        QList<HttpRequest> requests;
        const QByteArray body = QJsonDocument(QJsonObject{{QStringLiteral("hold_id"), holdId}})
                                    .toJson(QJsonDocument::Compact);
        for (int i = 0; i < 8; ++i)
            requests.append(
                HttpClient::request("POST",
                                    "/orders",
                                    body,
                                    token,
                                    {{"Idempotency-Key", "par-" + QByteArray::number(i)}}));
        const auto responses = m_checkout.client().concurrently(requests);
        int created = 0, existing = 0;
        QSet<QString> ids;
        for (const auto &r : responses) {
            created += r.status == 201;
            existing += r.status == 200;
            ids.insert(r.json().value(u"order_id").toString());
        }
        QCOMPARE(created, 1);
        QCOMPARE(existing, 7);
        QCOMPARE(ids.size(), 1);
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM orders WHERE hold_id = '" + q(holdId)
                                   + "'"),
                 1);
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM payment_attempts a JOIN orders o ON"
                                   " o.id = a.order_id WHERE o.hold_id = '"
                                   + q(holdId) + "'"),
                 1);
    }

    void declineKeepsSeatsHeld()
    {
        const QByteArray token = fan(QStringLiteral("dave"));
        const QStringList mine = seats(1);
        const QJsonObject order = newOrder(token, mine);
        const QString intent = order.value(u"payment").toObject().value(u"intent_id").toString();
        QCOMPARE(m_checkout.confirm(intent, QStringLiteral("4000000000000002")).status, 402);
        const auto failed = m_checkout.waitOrder(order.value(u"order_id").toString(),
                                                 token,
                                                 QStringLiteral("failed"));
        QCOMPARE(failed.value(u"status").toString(), QStringLiteral("failed"));
        QVERIFY(failed.value(u"tickets").toArray().isEmpty());
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM inventory WHERE seat_id = '" + q(mine[0])
                                   + "' AND status = 'held' AND hold_id = '"
                                   + q(order.value(u"hold_id").toString()) + "'"),
                 1);
        // Someone else still cannot take the seat while the hold lives.
        QVERIFY(m_checkout.hold(m_event, mine, fan(QStringLiteral("dave2"))).isEmpty());
        // Paying again on the same hold starts a new attempt.
        const auto retry = m_checkout.order(order.value(u"hold_id").toString(), token, "dave-retry");
        QCOMPARE(retry.status, 200);
        QCOMPARE(retry.json().value(u"status").toString(), QStringLiteral("pending"));
        QVERIFY(retry.json().value(u"payment").toObject().value(u"intent_id").toString() != intent);
    }

    void expiryDuringPayment()
    {
        // hold_seconds 1 and a 3 s payment window: the hold ends ~3 s after the order.
        const QString event = m_checkout.createEvent(QStringLiteral("expiry"), 2, 4, 0, 1);
        const QByteArray first = fan(QStringLiteral("slowpoke"));
        const QByteArray second = fan(QStringLiteral("quick"));
        const QStringList seat{QStringLiteral("S1-1-1")};
        const QString firstHold = m_checkout.hold(event, seat, first);
        const QJsonObject firstOrder = m_checkout.order(firstHold, first, "slow-1").json();
        const QString intent = firstOrder.value(u"payment").toObject().value(u"intent_id").toString();
        QVERIFY(!intent.isEmpty());
        QTest::qWait(3300);
        const QString secondHold = m_checkout.hold(event, seat, second);
        QVERIFY2(!secondHold.isEmpty(), "the expired hold must be taken over at once");
        // The first buyer's slow card succeeds after the seat went to someone else.
        QCOMPARE(m_checkout.confirm(intent, QStringLiteral("4000000000000259")).status, 200);
        const QString firstId = firstOrder.value(u"order_id").toString();
        const auto refunded = m_checkout.waitOrder(firstId,
                                                   first,
                                                   QStringLiteral("refunded"),
                                                   10000);
        QCOMPARE(refunded.value(u"status").toString(), QStringLiteral("refunded"));
        QVERIFY(refunded.value(u"tickets").toArray().isEmpty());
        const auto atProvider = m_checkout.sandbox->request("GET", "/v1/payment_intents/" + intent);
        QCOMPARE(atProvider.json.value(u"amount_refunded_cents").toInteger(),
                 firstOrder.value(u"amount_cents").toInteger());
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM compensations WHERE intent_id = '"
                                   + q(intent) + "' AND status = 'done'"),
                 1);
        // The second buyer pays and gets the only ticket.
        const QJsonObject secondOrder = m_checkout.order(secondHold, second, "quick-1").json();
        m_checkout.confirm(secondOrder.value(u"payment").toObject().value(u"intent_id").toString(),
                           QStringLiteral("4242424242424242"));
        QCOMPARE(m_checkout
                     .waitOrder(secondOrder.value(u"order_id").toString(),
                                second,
                                QStringLiteral("paid"))
                     .value(u"status")
                     .toString(),
                 QStringLiteral("paid"));
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM tickets WHERE status = 'valid' AND"
                                   " event_id = '"
                                   + q(event) + "' AND seat_id = 'S1-1-1'"),
                 1);
    }

    void forgedAndStaleWebhooks()
    {
        const QByteArray token = fan(QStringLiteral("frank"));
        const QJsonObject order = newOrder(token, seats(1));
        const QString intent = order.value(u"payment").toObject().value(u"intent_id").toString();
        const QByteArray body = webhookBody(QStringLiteral("payment.succeeded"),
                                            intent,
                                            order.value(u"amount_cents").toInteger());
        const auto forged = deliver(body, 0, "wrong-secret");
        QCOMPARE(forged.status, 400);
        QVERIFY(forged.header("content-type").startsWith("application/problem+json"));
        QCOMPARE(deliver(body, QDateTime::currentSecsSinceEpoch() - 600).status, 400);
        QCOMPARE(m_checkout.client().postRaw("/payments/webhook", body).status, 400);
        QCOMPARE(deliver("{not json").status, 400);
        QCOMPARE(m_checkout.client()
                     .get("/orders/" + order.value(u"order_id").toString().toLatin1(), token)
                     .json()
                     .value(u"status")
                     .toString(),
                 QStringLiteral("pending"));
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM payment_events WHERE intent_id = '"
                                   + q(intent) + "'"),
                 0);
        // Unknown intent: acknowledged, recorded as unmatched.
        const auto unknown = deliver(
            webhookBody(QStringLiteral("payment.succeeded"), QStringLiteral("pi_nope"), 100));
        QCOMPARE(unknown.status, 200);
        QCOMPARE(unknown.json().value(u"outcome").toString(), QStringLiteral("unmatched_intent"));
        // Wrong amount: recorded as unmatched, the order stays pending.
        const auto wrongAmount = deliver(
            webhookBody(QStringLiteral("payment.succeeded"), intent, 1));
        QCOMPARE(wrongAmount.json().value(u"outcome").toString(),
                 QStringLiteral("unmatched_amount"));
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM orders WHERE id = '"
                                   + q(order.value(u"order_id").toString())
                                   + "' AND status = 'pending'"),
                 1);
    }

    void duplicateAndReorderedWebhooks()
    {
        // Duplicates from the sandbox: each event delivered twice, processed once.
        QVERIFY(m_checkout.sandbox->setMode(QStringLiteral("duplicate")));
        const QByteArray token = fan(QStringLiteral("grace"));
        const QJsonObject order = newOrder(token, seats(2));
        const QString intent = order.value(u"payment").toObject().value(u"intent_id").toString();
        m_checkout.confirm(intent, QStringLiteral("4242424242424242"));
        const QString id = order.value(u"order_id").toString();
        QCOMPARE(m_checkout.waitOrder(id, token, QStringLiteral("paid")).value(u"status").toString(),
                 QStringLiteral("paid"));
        QTest::qWait(300);
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM payment_events WHERE intent_id = '"
                                   + q(intent) + "'"),
                 1);
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM tickets WHERE order_id = '" + q(id) + "'"),
                 2);

        // A repeated event id by hand is acknowledged and ignored.
        const QByteArray late = webhookBody(QStringLiteral("payment.failed"),
                                            intent,
                                            order.value(u"amount_cents").toInteger(),
                                            QStringLiteral("evt_manual_late_fail"));
        // payment.failed after payment.succeeded must not un-pay.
        QCOMPARE(deliver(late).json().value(u"outcome").toString(), QStringLiteral("ignored"));
        QCOMPARE(deliver(late).json().value(u"outcome").toString(), QStringLiteral("duplicate"));
        QCOMPARE(m_checkout.client()
                     .get("/orders/" + id.toLatin1(), token)
                     .json()
                     .value(u"status")
                     .toString(),
                 QStringLiteral("paid"));

        // Sandbox reorder: pairs released newer first (decline of B, then success of A).
        QVERIFY(m_checkout.sandbox->setMode(QStringLiteral("reorder")));
        const QByteArray tokenB = fan(QStringLiteral("heidi"));
        const QJsonObject a = newOrder(token, seats(1));
        const QJsonObject b = newOrder(tokenB, seats(1));
        m_checkout.confirm(a.value(u"payment").toObject().value(u"intent_id").toString(),
                           QStringLiteral("4242424242424242"));
        m_checkout.confirm(b.value(u"payment").toObject().value(u"intent_id").toString(),
                           QStringLiteral("4000000000000002"));
        QCOMPARE(m_checkout
                     .waitOrder(a.value(u"order_id").toString(), token, QStringLiteral("paid"))
                     .value(u"status")
                     .toString(),
                 QStringLiteral("paid"));
        QCOMPARE(m_checkout
                     .waitOrder(b.value(u"order_id").toString(), tokenB, QStringLiteral("failed"))
                     .value(u"status")
                     .toString(),
                 QStringLiteral("failed"));

        // Delayed deliveries: pending until the webhook lands.
        QVERIFY(m_checkout.sandbox->setMode(QStringLiteral("delay"), 700));
        const QJsonObject d = newOrder(token, seats(1));
        m_checkout.confirm(d.value(u"payment").toObject().value(u"intent_id").toString(),
                           QStringLiteral("4242424242424242"));
        QCOMPARE(m_checkout.client()
                     .get("/orders/" + d.value(u"order_id").toString().toLatin1(), token)
                     .json()
                     .value(u"status")
                     .toString(),
                 QStringLiteral("pending"));
        QCOMPARE(m_checkout
                     .waitOrder(d.value(u"order_id").toString(), token, QStringLiteral("paid"))
                     .value(u"status")
                     .toString(),
                 QStringLiteral("paid"));
        QVERIFY(m_checkout.sandbox->setMode(QStringLiteral("normal")));
    }

    void refundBeforePayment()
    {
        // refund.succeeded arriving before payment.succeeded: nothing is sold.
        const QByteArray token = fan(QStringLiteral("ivan"));
        const QJsonObject order = newOrder(token, seats(1));
        const QString intent = order.value(u"payment").toObject().value(u"intent_id").toString();
        const qint64 amount = order.value(u"amount_cents").toInteger();
        QCOMPARE(deliver(webhookBody(QStringLiteral("refund.succeeded"), intent, amount)).status,
                 200);
        QCOMPARE(deliver(webhookBody(QStringLiteral("payment.succeeded"), intent, amount))
                     .json()
                     .value(u"outcome")
                     .toString(),
                 QStringLiteral("already_refunded"));
        const auto after = m_checkout.client()
                               .get("/orders/" + order.value(u"order_id").toString().toLatin1(),
                                    token)
                               .json();
        QCOMPARE(after.value(u"status").toString(), QStringLiteral("refunded"));
        QVERIFY(after.value(u"tickets").toArray().isEmpty());
    }

    void reconcilerResolvesTimeoutCard()
    {
        // No webhooks at all: only the reconciler can learn that the money moved.
        QVERIFY(m_checkout.sandbox->setMode(QStringLiteral("drop")));
        const QByteArray token = fan(QStringLiteral("judy"));
        const QJsonObject order = newOrder(token, seats(1));
        const QString intent = order.value(u"payment").toObject().value(u"intent_id").toString();
        const auto confirm = m_checkout.confirm(intent, QStringLiteral("4000000000009995"));
        QVERIFY(confirm.status == 504 || confirm.status == 0);
        const auto paid = m_checkout.waitOrder(order.value(u"order_id").toString(),
                                               token,
                                               QStringLiteral("paid"),
                                               10000);
        QCOMPARE(paid.value(u"status").toString(), QStringLiteral("paid"));
        QCOMPARE(paid.value(u"tickets").toArray().size(), 1);
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM payment_events WHERE intent_id = '"
                                   + q(intent) + "'"),
                 0);
        QVERIFY(m_checkout.sandbox->setMode(QStringLiteral("normal")));
    }

    void generalAdmission()
    {
        const QString event = m_checkout.createEvent(QStringLiteral("ga"), 1, 2, 50, 60);
        const QByteArray token = fan(QStringLiteral("standing"));
        const auto hold = m_checkout.client().post("/holds",
                                                   QJsonObject{{QStringLiteral("event_id"), event},
                                                               {QStringLiteral("ga"),
                                                                QStringLiteral("PISTA")},
                                                               {QStringLiteral("quantity"), 3}},
                                                   token);
        QCOMPARE(hold.status, 201);
        const QJsonObject order = m_checkout.order(hold.json().value(u"hold_id").toString(), token)
                                      .json();
        QCOMPARE(order.value(u"amount_cents").toInteger(), 3 * 5000); // zone category A
        m_checkout.confirm(order.value(u"payment").toObject().value(u"intent_id").toString(),
                           QStringLiteral("4242424242424242"));
        const auto paid = m_checkout.waitOrder(order.value(u"order_id").toString(),
                                               token,
                                               QStringLiteral("paid"));
        const QJsonArray tickets = paid.value(u"tickets").toArray();
        QCOMPARE(tickets.size(), 3);
        for (const QJsonValue &t : tickets) {
            QCOMPARE(t.toObject().value(u"ga_id").toString(), QStringLiteral("PISTA"));
            QVERIFY(t.toObject().value(u"seat_id").isNull());
        }
        QCOMPARE(m_checkout.scalar("SELECT sold * 100 + held FROM ga_zones WHERE event_id = '"
                                   + q(event) + "'"),
                 300);
    }

    void cleanupTestCase()
    {
        QCOMPARE(saleViolations(m_checkout.server->databaseUrl()), QString());
        QCOMPARE(inventoryViolations(m_checkout.server->databaseUrl()), QString());
    }
};

QTEST_GUILESS_MAIN(TestOrders)
#include "tst_orders.moc"
