// SPDX-License-Identifier: GPL-3.0-or-later
#include "backoffice.h"
#include "checkoutfixture.h"

using namespace boxoffice::test;

// GET /events/{id}/stats over a real server, the payment sandbox and Redis: every place counted
// once (capacity = available + held + sold + comps + held back), by category and channel, sales
// per hour, revenue less refunds, the waiting room's line; consistent while sales run.
class TestEventStats : public QObject
{
    Q_OBJECT
private:
    Checkout m_checkout;
    QString m_event;
    SeatRows m_rows;
    const QByteArray m_manager = testToken(QStringLiteral("boss"), QStringLiteral("manager"));
    const QByteArray m_clerk = testToken(QStringLiteral("stats-clerk"), QStringLiteral("clerk"));

    HttpClient client() const { return m_checkout.client(); }
    QStringList nextSeats(int count) { return m_rows.next(count); }
    QJsonObject stats(const QString &event)
    {
        const HttpResponse answer = client().get(eventPath(event, "/stats"), m_manager);
        if (answer.status != 200)
            qWarning("stats: %d %s\n%s",
                     answer.status,
                     answer.body.constData(),
                     m_checkout.server->log().right(1500).constData());
        return answer.json();
    }
    static qint64 number(const QJsonObject &object, const char *name)
    {
        return object.value(QLatin1String(name)).toInteger();
    }
    // The invariant of docs/back-office.md, for the event and each category.
    static QString unbalanced(const QJsonObject &s)
    {
        auto sum = [](const QJsonObject &o, qint64 heldBack) {
            return number(o, "available") + number(o, "held") + number(o, "sold")
                   + number(o, "comps") + heldBack;
        };
        const QJsonObject back = s.value(u"held_back").toObject();
        const qint64 heldBack = number(back, "kill") + number(back, "house")
                                + number(back, "allocation");
        if (sum(s, heldBack) != number(s, "capacity"))
            return QStringLiteral("event: %1").arg(QString::fromUtf8(QJsonDocument(s).toJson()));
        for (const QJsonValue &c : s.value(u"by_category").toArray()) {
            if (sum(c.toObject(), number(c.toObject(), "held_back"))
                != number(c.toObject(), "capacity"))
                return QStringLiteral("category %1").arg(c[u"id"].toString());
        }
        return {};
    }
    HttpResponse counterSale(const QStringList &seats,
                             const QJsonObject &payment,
                             const QByteArray &seller = {})
    {
        const QByteArray token = seller.isEmpty() ? m_clerk : seller;
        return client().post("/orders",
                             QJsonObject{{QStringLiteral("hold_id"),
                                          m_checkout.hold(m_event, seats, token)},
                                         {QStringLiteral("payment"), payment}},
                             token);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_checkout.start());
        m_event = m_checkout.createEvent(QStringLiteral("stats"), 10, 10, 40, 60);
        QVERIFY(!m_event.isEmpty());
    }

    void aNewEventIsAllAvailable()
    {
        const QJsonObject s = stats(m_event);
        QCOMPARE(number(s, "capacity"), 140);
        QCOMPARE(number(s, "available"), 140);
        QCOMPARE(s.value(u"currency").toString(), QStringLiteral("EUR"));
        QCOMPARE(unbalanced(s), QString());
        QCOMPARE(s.value(u"queue").toObject().value(u"enabled").toBool(), false);
    }

    void everyPlaceIsCountedOnce()
    {
        // Online: 2 seats paid; at the counter: 3 seats by card, 1 comp; 2 seats and 4 standing
        // held; a seat killed, two house seats, one for the press.
        const QByteArray fan = testToken(QStringLiteral("stats-fan@example.com"));
        QCOMPARE(m_checkout.buy(m_event, nextSeats(2), fan).value(u"status").toString(),
                 QStringLiteral("paid"));
        QCOMPARE(counterSale(nextSeats(3),
                             QJsonObject{{QStringLiteral("method"), QStringLiteral("card_present")},
                                         {QStringLiteral("reference"), QStringLiteral("R1")}})
                     .status,
                 201);
        QCOMPARE(counterSale(nextSeats(1),
                             QJsonObject{{QStringLiteral("method"), QStringLiteral("comp")},
                                         {QStringLiteral("reason"), QStringLiteral("Press")}},
                             m_manager) // comps are a manager's
                     .status,
                 201);
        QVERIFY(
            !m_checkout.hold(m_event, nextSeats(2), testToken(QStringLiteral("holder"))).isEmpty());
        const auto standing = client().post("/holds",
                                            QJsonObject{{QStringLiteral("event_id"), m_event},
                                                        {QStringLiteral("ga"),
                                                         QStringLiteral("PISTA")},
                                                        {QStringLiteral("quantity"), 4}},
                                            testToken(QStringLiteral("standing")));
        QCOMPARE(standing.status, 201);
        auto holdBack = [&](const QStringList &seats, const QString &kind, const QString &name) {
            QJsonObject body{{QStringLiteral("seats"), QJsonArray::fromStringList(seats)},
                             {QStringLiteral("kind"), kind}};
            if (!name.isEmpty())
                body.insert(u"allocation", name);
            return sendWithIfMatch(client(),
                                   "PUT",
                                   eventPath(m_event, "/holdbacks"),
                                   body,
                                   m_manager,
                                   {})
                .status;
        };
        QCOMPARE(holdBack({QStringLiteral("S1-10-10")}, QStringLiteral("kill"), {}), 200);
        QCOMPARE(holdBack({QStringLiteral("S1-10-8"), QStringLiteral("S1-10-9")},
                          QStringLiteral("house"),
                          {}),
                 200);
        QCOMPARE(holdBack({QStringLiteral("S1-10-7")}, QStringLiteral("allocation"), u"Press"_qs),
                 200);
        const QJsonObject s = stats(m_event);
        QCOMPARE(unbalanced(s), QString());
        QCOMPARE(number(s, "capacity"), 140);
        QCOMPARE(number(s, "sold"), 5);
        QCOMPARE(number(s, "comps"), 1);
        QCOMPARE(number(s, "held"), 6);
        QCOMPARE(number(s.value(u"held_back").toObject(), "kill"), 1);
        QCOMPARE(number(s.value(u"held_back").toObject(), "house"), 2);
        QCOMPARE(number(s.value(u"held_back").toObject(), "allocation"), 1);
        QCOMPARE(number(s, "available"), 140 - 5 - 1 - 6 - 4);
        QCOMPARE(number(s, "revenue_cents"), 5 * 5000);
        QJsonObject online, counter;
        for (const QJsonValue &c : s.value(u"by_channel").toArray())
            (c[u"channel"].toString() == u"online" ? online : counter) = c.toObject();
        QCOMPARE(number(online, "sold"), 2);
        QCOMPARE(number(online, "revenue_cents"), 10000);
        QCOMPARE(number(counter, "sold"), 4); // the comp is a ticket sold at the counter
        QCOMPARE(number(counter, "revenue_cents"), 15000);
        const QJsonArray hours = s.value(u"per_hour").toArray();
        QVERIFY(!hours.isEmpty());
        qint64 online24 = 0, counter24 = 0;
        for (const QJsonValue &h : hours) {
            online24 += h[u"online"].toInteger();
            counter24 += h[u"counter"].toInteger();
        }
        QCOMPARE(online24, 2);
        QCOMPARE(counter24, 4);
        const QJsonArray categories = s.value(u"by_category").toArray();
        QCOMPARE(categories[0][u"id"].toString(), QStringLiteral("A"));
        QCOMPARE(categories[0][u"revenue_cents"].toInteger(), 5 * 5000); // a comp brings nothing
        QCOMPARE(number(categories[0].toObject(), "capacity"), 140);
    }

    void refundsLeaveTheRevenue()
    {
        const QJsonObject before = stats(m_event);
        const auto sale
            = counterSale(nextSeats(2),
                          QJsonObject{{QStringLiteral("method"), QStringLiteral("card_present")},
                                      {QStringLiteral("reference"), QStringLiteral("R2")}});
        QCOMPARE(sale.status, 201);
        const QString orderId = sale.json().value(u"order_id").toString();
        QCOMPARE(number(stats(m_event), "revenue_cents"), number(before, "revenue_cents") + 10000);
        QCOMPARE(client().post("/orders/" + orderId.toLatin1() + "/refund", {}, m_clerk).status,
                 200);
        const QJsonObject after = stats(m_event);
        QCOMPARE(number(after, "revenue_cents"), number(before, "revenue_cents"));
        QCOMPARE(number(after, "sold"), number(before, "sold"));
        QCOMPARE(unbalanced(after), QString());
    }

    void figuresAddUpWhileSalesRun()
    {
        // Two fans after each of eight seats, the figures read in between.
        QList<HttpRequest> holds;
        for (int i = 0; i < 16; ++i)
            holds.append(HttpClient::request(
                "POST",
                "/holds",
                QJsonDocument(QJsonObject{{QStringLiteral("event_id"), m_event},
                                          {QStringLiteral("seats"),
                                           QJsonArray{QStringLiteral("S1-9-%1").arg(i % 8 + 1)}}})
                    .toJson(QJsonDocument::Compact),
                testToken(QStringLiteral("rush-%1").arg(i)),
                {{"Content-Type", "application/json"}}));
        QList<HttpRequest> reads;
        for (int i = 0; i < 16; ++i)
            reads.append(HttpClient::request("GET", eventPath(m_event, "/stats"), {}, m_manager));
        QList<HttpRequest> all;
        for (int i = 0; i < 16; ++i)
            all << holds[i] << reads[i];
        int created = 0;
        for (const HttpResponse &answer : client().concurrently(all)) {
            if (answer.body.contains("\"capacity\"")) {
                QCOMPARE(answer.status, 200);
                QCOMPARE(unbalanced(answer.json()), QString());
            } else {
                created += answer.status == 201 ? 1 : 0;
            }
        }
        QCOMPARE(created, 8);
        QCOMPARE(unbalanced(stats(m_event)), QString());
    }

    void waitingRoomLine()
    {
        const SeededEvent queued = SeededEvent::create(client(),
                                                       m_manager,
                                                       QStringLiteral("stats-queue"),
                                                       EventShape::seats(2, 5).queued(60, 1));
        QVERIFY2(queued.ok(), queued.error().constData());
        for (int i = 0; i < 5; ++i)
            QCOMPARE(client()
                         .post(eventPath(queued.eventId, "/queue"),
                               QJsonObject{},
                               testToken(QStringLiteral("line-%1").arg(i)))
                         .status,
                     200);
        QTRY_VERIFY_WITH_TIMEOUT(
            stats(queued.eventId).value(u"queue").toObject().value(u"active").toInt() == 1, 10000);
        const QJsonObject queue = stats(queued.eventId).value(u"queue").toObject();
        QCOMPARE(queue.value(u"enabled").toBool(), true);
        QCOMPARE(queue.value(u"live").toBool(), true);
        QCOMPARE(queue.value(u"waiting").toInt(), 4);
        QVERIFY(queue.value(u"eta_seconds").toInt() > 0); // four ahead
    }

    void onlyManagersSeeFigures()
    {
        QCOMPARE(client().get(eventPath(m_event, "/stats"), m_clerk).status, 403);
        QCOMPARE(client().get(eventPath(m_event, "/stats"), testToken(QStringLiteral("f"))).status,
                 403);
        QCOMPARE(client().get(eventPath(QStringLiteral("not-an-id"), "/stats"), m_manager).status,
                 404);
    }
};

QTEST_GUILESS_MAIN(TestEventStats)
#include "tst_eventstats.moc"
