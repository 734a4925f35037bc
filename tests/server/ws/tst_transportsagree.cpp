// SPDX-License-Identifier: GPL-3.0-or-later
// REST and the WebSocket are two envelopes around one sale (api::SaleOps): the same hold, order
// or refusal reads the same JSON on both, and an Idempotency-Key used over one is replayed by
// the other (one store, one request, one answer).

#include "checkoutfixture.h"
#include "realtimefixture.h"

using namespace boxoffice::test;

class TestTransportsAgree : public QObject
{
    Q_OBJECT

    Checkout m_checkout;
    QString m_event;  // no waiting room
    QString m_queued; // with a waiting room that admits at once
    int m_row = 0;

    QStringList seats(int count)
    {
        ++m_row;
        QStringList out;
        for (int n = 1; n <= count; ++n)
            out.append(QStringLiteral("S1-%1-%2").arg(m_row).arg(n));
        return out;
    }

    HttpResponse restPost(const QByteArray &path,
                          const QJsonObject &body,
                          const QByteArray &token,
                          const QByteArray &key = {},
                          const QByteArray &admission = {})
    {
        QList<QPair<QByteArray, QByteArray>> headers;
        if (!key.isEmpty())
            headers.append({"Idempotency-Key", key});
        if (!admission.isEmpty())
            headers.append({"X-Admission-Token", admission});
        return m_checkout.client().post(path, body, token, headers);
    }

    static QJsonObject withMember(QJsonObject params, const QString &name, const QString &value)
    {
        params.insert(name, value);
        return params;
    }

    // The admission token `client`'s user gets for `eventId` by joining over the WebSocket.
    static QByteArray admissionOverWs(WsClient &client, const QString &eventId)
    {
        const QJsonObject eventParam{{QStringLiteral("event_id"), eventId}};
        QJsonObject place
            = client.request(QStringLiteral("queue.join"), eventParam).value(u"result").toObject();
        const QString queueId = place.value(u"queue_id").toString();
        QDeadlineTimer deadline(10000);
        while (place.value(u"state").toString() != u"admitted" && !deadline.hasExpired()) {
            QTest::qWait(100);
            place = client
                        .request(QStringLiteral("queue.status"),
                                 withMember(eventParam, QStringLiteral("queue_id"), queueId))
                        .value(u"result")
                        .toObject();
        }
        return place.value(u"admission_token").toString().toLatin1();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(!requiredEnv("BOXOFFICE_TEST_REDIS_URL").empty());
        QVERIFY(m_checkout.start({},
                                 {},
                                 {{QStringLiteral("BOXOFFICE_QUEUE_TICK_MS"), QStringLiteral("100")},
                                  {QStringLiteral("BOXOFFICE_QUEUE_SETTINGS_CACHE_MS"),
                                   QStringLiteral("0")}}));
        m_event = m_checkout.createEvent(QStringLiteral("agree"), 20, 4, 0, 600);
        QVERIFY(!m_event.isEmpty());
        const QByteArray manager = testToken(QStringLiteral("manager"), QStringLiteral("manager"));
        m_queued = SeededEvent::create(m_checkout.client(),
                                       manager,
                                       QStringLiteral("agree-queued"),
                                       EventShape::seats(4, 4).holding(600).queued(6000, 50))
                       .eventId;
        QVERIFY(!m_queued.isEmpty());
    }

    // A hold made over one transport is the same object over the other, and a key used on one
    // replays the other's first answer.
    void holdsAreOneAnswer()
    {
        const QByteArray token = testToken(QStringLiteral("agree-fan"));
        WsClient ws(m_checkout.server->port(), token);
        QVERIFY(ws.isConnected());

        const QJsonObject body = holdBody(m_event, seats(2));
        const auto rest = restPost("/holds", body, token, "hold-key-1");
        QCOMPARE(rest.status, 201);
        const QJsonObject replay = ws.request(QStringLiteral("hold.create"),
                                              withMember(body,
                                                         QStringLiteral("idempotency_key"),
                                                         QStringLiteral("hold-key-1")));
        QCOMPARE(replay.value(u"result").toObject(), rest.json());

        const QJsonObject otherBody = holdBody(m_event, seats(1));
        const QJsonObject created = ws.request(QStringLiteral("hold.create"),
                                               withMember(otherBody,
                                                          QStringLiteral("idempotency_key"),
                                                          QStringLiteral("hold-key-2")));
        QVERIFY(created.value(u"ok").toBool());
        const auto restReplay = restPost("/holds", otherBody, token, "hold-key-2");
        QCOMPARE(restReplay.status, 201);
        QCOMPARE(restReplay.json(), created.value(u"result").toObject());

        const QString holdId = rest.json().value(u"hold_id").toString();
        const QJsonObject idParam{{QStringLiteral("hold_id"), holdId}};
        QCOMPARE(ws.request(QStringLiteral("hold.get"), idParam).value(u"result").toObject(),
                 m_checkout.client().get("/holds/" + holdId.toLatin1(), token).json());
        QVERIFY(ws.request(QStringLiteral("hold.release"), idParam).value(u"ok").toBool());
        const auto released = m_checkout.client().get("/holds/" + holdId.toLatin1(), token);
        QCOMPARE(released.json().value(u"status").toString(), QStringLiteral("released"));
        QCOMPARE(ws.request(QStringLiteral("hold.get"), idParam).value(u"result").toObject(),
                 released.json());
    }

    // An online order and a clerk's counter sale: one answer, whichever transport asked first.
    void ordersAreOneAnswer()
    {
        const QByteArray fan = testToken(QStringLiteral("agree-buyer"));
        WsClient ws(m_checkout.server->port(), fan);
        const QString holdId = m_checkout.hold(m_event, seats(1), fan);
        QVERIFY(!holdId.isEmpty());
        const QJsonObject order = ws.request(QStringLiteral("order.create"),
                                             {{QStringLiteral("hold_id"), holdId},
                                              {QStringLiteral("idempotency_key"),
                                               QStringLiteral("order-key-1")}});
        QVERIFY(order.value(u"ok").toBool());
        const auto restReplay = restPost("/orders",
                                         {{QStringLiteral("hold_id"), holdId}},
                                         fan,
                                         "order-key-1");
        QCOMPARE(restReplay.status, 201);
        QCOMPARE(restReplay.json(), order.value(u"result").toObject());
        const QString orderId = order.value(u"result")[u"order_id"].toString();
        QCOMPARE(ws.request(QStringLiteral("order.get"), {{QStringLiteral("order_id"), orderId}})
                     .value(u"result")
                     .toObject(),
                 m_checkout.client().get("/orders/" + orderId.toLatin1(), fan).json());

        const QByteArray clerk = testToken(QStringLiteral("agree-clerk"), QStringLiteral("clerk"));
        QCOMPARE(restPost("/shifts", {{QStringLiteral("float_cents"), 10000}}, clerk).status, 201);
        const QString counterHold = m_checkout.hold(m_event, seats(2), clerk);
        QVERIFY(!counterHold.isEmpty());
        const QJsonObject sale{{QStringLiteral("hold_id"), counterHold},
                               {QStringLiteral("payment"),
                                QJsonObject{{QStringLiteral("method"), QStringLiteral("cash")},
                                            {QStringLiteral("tendered_cents"), 100000}}}};
        const auto restSale = restPost("/orders", sale, clerk, "sale-key-1");
        QCOMPARE(restSale.status, 201);
        WsClient counter(m_checkout.server->port(), clerk);
        const QJsonObject wsSale = counter.request(QStringLiteral("order.create"),
                                                   withMember(sale,
                                                              QStringLiteral("idempotency_key"),
                                                              QStringLiteral("sale-key-1")));
        QCOMPARE(wsSale.value(u"result").toObject(), restSale.json());
        QCOMPARE(restSale.json().value(u"status").toString(), QStringLiteral("paid"));
    }

    // The same refusal is the same problem (REST's also names its request) with the same code.
    void refusalsAreOneProblem()
    {
        const QByteArray alice = testToken(QStringLiteral("agree-alice"));
        const QByteArray bob = testToken(QStringLiteral("agree-bob"));
        WsClient ws(m_checkout.server->port(), bob);
        QVERIFY(ws.isConnected());
        auto agree = [&](const QString &op,
                         const QJsonObject &params,
                         const HttpResponse &rest,
                         const QString &code) {
            const QJsonObject frame = ws.request(op, params);
            QCOMPARE(frame.value(u"ok").toBool(true), false);
            QCOMPARE(frame.value(u"error").toObject(), rest.jsonWithoutRequestId());
            QCOMPARE(rest.code(), code);
        };

        const QStringList taken = seats(2);
        QCOMPARE(restPost("/holds", holdBody(m_event, {taken.first()}), alice).status, 201);
        const QJsonObject both = holdBody(m_event, taken);
        agree(QStringLiteral("hold.create"),
              both,
              restPost("/holds", both, bob),
              QStringLiteral("seat_unavailable"));

        const QJsonObject unknownField = withMember(holdBody(m_event, seats(1)),
                                                    QStringLiteral("colour"),
                                                    QStringLiteral("red"));
        agree(QStringLiteral("hold.create"),
              unknownField,
              restPost("/holds", unknownField, bob),
              QStringLiteral("bad_request"));
        const QJsonObject badOrder{{QStringLiteral("hold_id"), QStringLiteral("h")},
                                   {QStringLiteral("colour"), QStringLiteral("red")}};
        agree(QStringLiteral("order.create"),
              badOrder,
              restPost("/orders", badOrder, bob),
              QStringLiteral("bad_request"));

        const QString alicesHold = m_checkout.hold(m_event, seats(1), alice);
        QVERIFY(!alicesHold.isEmpty());
        agree(QStringLiteral("hold.get"),
              {{QStringLiteral("hold_id"), alicesHold}},
              m_checkout.client().get("/holds/" + alicesHold.toLatin1(), bob),
              QStringLiteral("not_found"));

        // The waiting room: no admission, or someone else's, is refused alike; one's own
        // admission (REST's header, the WebSocket's member) lets the hold through on both.
        WsClient aliceWs(m_checkout.server->port(), alice);
        const QByteArray alicesAdmission = admissionOverWs(aliceWs, m_queued);
        QVERIFY(!alicesAdmission.isEmpty());
        const QJsonObject queuedBody = holdBody(m_queued, {QStringLiteral("S1-1-1")});
        agree(QStringLiteral("hold.create"),
              queuedBody,
              restPost("/holds", queuedBody, bob),
              QStringLiteral("admission_required"));
        agree(QStringLiteral("hold.create"),
              withMember(queuedBody,
                         QStringLiteral("admission_token"),
                         QString::fromLatin1(alicesAdmission)),
              restPost("/holds", queuedBody, bob, {}, alicesAdmission),
              QStringLiteral("admission_required"));
        const QByteArray bobsAdmission = admissionOverWs(ws, m_queued);
        QVERIFY(!bobsAdmission.isEmpty());
        QCOMPARE(restPost("/holds", queuedBody, bob, {}, bobsAdmission).status, 201);
        const QJsonObject wsHeld = ws.request(QStringLiteral("hold.create"),
                                              withMember(holdBody(m_queued,
                                                                  {QStringLiteral("S1-1-2")}),
                                                         QStringLiteral("admission_token"),
                                                         QString::fromLatin1(bobsAdmission)));
        QVERIFY2(wsHeld.value(u"ok").toBool(), QJsonDocument(wsHeld).toJson().constData());
    }
};

QTEST_GUILESS_MAIN(TestTransportsAgree)
#include "tst_transportsagree.moc"
