// SPDX-License-Identifier: GPL-3.0-or-later
#include "checkoutfixture.h"

using namespace boxoffice::test;

// Refunds by ticket: partial and whole, cash into the shift, online through the provider, void
// and foreign tickets refused, and a race of two refunds of one ticket that refunds it once.
class TestRefunds : public QObject
{
    Q_OBJECT
private:
    Checkout m_checkout;
    QString m_event;
    QString m_shift;
    int m_row = 0;
    QByteArray m_clerk = testToken(QStringLiteral("refund-clerk"), QStringLiteral("clerk"));

    QStringList seats(int count)
    {
        ++m_row;
        QStringList out;
        for (int n = 1; n <= count; ++n)
            out.append(QStringLiteral("S1-%1-%2").arg(m_row).arg(n));
        return out;
    }
    QJsonObject sellCash(int count)
    {
        const QString holdId = m_checkout.hold(m_event, seats(count), m_clerk);
        const auto sold = m_checkout.client().post(
            "/orders",
            QJsonObject{{QStringLiteral("hold_id"), holdId},
                        {QStringLiteral("payment"),
                         QJsonObject{{QStringLiteral("method"), QStringLiteral("cash")},
                                     {QStringLiteral("tendered_cents"), 100000}}}},
            m_clerk);
        return sold.status == 201 ? sold.json() : QJsonObject();
    }
    HttpResponse refund(const QString &orderId, const QStringList &tickets)
    {
        QJsonObject body;
        if (!tickets.isEmpty())
            body.insert(u"ticket_ids", QJsonArray::fromStringList(tickets));
        return m_checkout.client().post("/orders/" + orderId.toLatin1() + "/refund", body, m_clerk);
    }
    static QByteArray idsBody(const QStringList &ids)
    {
        return QJsonDocument(
                   QJsonObject{{QStringLiteral("ticket_ids"), QJsonArray::fromStringList(ids)}})
            .toJson(QJsonDocument::Compact);
    }
    static QStringList ticketIds(const QJsonObject &order)
    {
        QStringList ids;
        for (const QJsonValue &t : order.value(u"tickets").toArray())
            ids.append(t.toObject().value(u"ticket_id").toString());
        return ids;
    }
    static QString statusOf(const QJsonObject &order, const QString &ticketId)
    {
        for (const QJsonValue &t : order.value(u"tickets").toArray()) {
            if (t.toObject().value(u"ticket_id").toString() == ticketId)
                return t.toObject().value(u"status").toString();
        }
        return {};
    }
    qint64 seatsWithStatus(const QString &status, const QStringList &which)
    {
        return m_checkout.scalar("SELECT count(*) FROM inventory WHERE event_id = '"
                                 + m_event.toStdString() + "' AND status = '" + status.toStdString()
                                 + "' AND seat_id = ANY('{" + which.join(u',').toStdString()
                                 + "}')");
    }
    qint64 cashRefunds()
    {
        return m_checkout.client()
            .get("/shifts/" + m_shift.toLatin1() + "/report", m_clerk)
            .json()
            .value(u"by_method")
            .toObject()
            .value(u"cash")
            .toObject()
            .value(u"refunds_cents")
            .toInteger();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_checkout.start());
        // 20 rows of 4 seats, all of category A (one price).
        m_event = m_checkout.createEvent(QStringLiteral("refunds"), 20, 4, 0, 60, 50, 20);
        QVERIFY(!m_event.isEmpty());
        const auto opened = m_checkout.client().post("/shifts",
                                                     QJsonObject{
                                                         {QStringLiteral("float_cents"), 10000}},
                                                     m_clerk);
        QCOMPARE(opened.status, 201);
        m_shift = opened.json().value(u"shift_id").toString();
    }

    void partialThenRest()
    {
        const QJsonObject order = sellCash(3);
        QVERIFY(!order.isEmpty());
        const qint64 amount = order.value(u"amount_cents").toInteger();
        QCOMPARE(order.value(u"refunded_cents").toInteger(), 0);
        const QStringList tickets = ticketIds(order);
        QCOMPARE(tickets.size(), 3);
        const qint64 before = cashRefunds();

        const auto first = refund(order.value(u"order_id").toString(), {tickets[0]});
        QCOMPARE(first.status, 200);
        const QJsonObject partial = first.json();
        QCOMPARE(partial.value(u"status").toString(), QStringLiteral("paid"));
        QCOMPARE(statusOf(partial, tickets[0]), QStringLiteral("void"));
        QCOMPARE(statusOf(partial, tickets[1]), QStringLiteral("valid"));
        const qint64 part = partial.value(u"refund").toObject().value(u"amount_cents").toInteger();
        QCOMPARE(part, amount / 3);
        QCOMPARE(partial.value(u"refunded_cents").toInteger(), part);
        QCOMPARE(cashRefunds(), before + part);

        QStringList freed, kept;
        for (const QJsonValue &t : partial.value(u"tickets").toArray()) {
            const QString seat = t.toObject().value(u"seat_id").toString();
            (t.toObject().value(u"ticket_id").toString() == tickets[0] ? freed : kept).append(seat);
        }
        QCOMPARE(seatsWithStatus(QStringLiteral("available"), freed), 1);
        // The seats still paid for stay sold.
        QCOMPARE(seatsWithStatus(QStringLiteral("sold"), kept), 2);

        // The same ticket again: void, nothing changes.
        const auto again = refund(order.value(u"order_id").toString(), {tickets[0], tickets[1]});
        QCOMPARE(again.status, 409);
        QCOMPARE(again.code(), QStringLiteral("ticket_void"));
        QCOMPARE(again.json().value(u"tickets").toArray().first().toString(), tickets[0]);
        QCOMPARE(m_checkout.client()
                     .get("/orders/" + order.value(u"order_id").toString().toLatin1(), m_clerk)
                     .json()
                     .value(u"refunded_cents")
                     .toInteger(),
                 part);

        // Without ticket_ids: the rest, and the order is refunded in full.
        const auto rest = refund(order.value(u"order_id").toString(), {});
        QCOMPARE(rest.status, 200);
        QCOMPARE(rest.json().value(u"status").toString(), QStringLiteral("refunded"));
        QCOMPARE(rest.json().value(u"refunded_cents").toInteger(), amount);
        QCOMPARE(rest.json().value(u"refund").toObject().value(u"ticket_ids").toArray().size(), 2);
        QCOMPARE(cashRefunds(), before + amount);
        // The drawer: float + cash sales - cash refunds, partial ones included.
        const QJsonObject x
            = m_checkout.client().get("/shifts/" + m_shift.toLatin1() + "/report", m_clerk).json();
        const QJsonObject cash = x.value(u"by_method").toObject().value(u"cash").toObject();
        QCOMPARE(x.value(u"expected_cash_cents").toInteger(),
                 10000 + cash.value(u"sales_cents").toInteger() - (before + amount));
        QCOMPARE(saleViolations(m_checkout.server->databaseUrl()), QString());
    }

    void lastTicketsRefundTheOrder()
    {
        const QJsonObject order = sellCash(2);
        const QStringList tickets = ticketIds(order);
        const auto done = refund(order.value(u"order_id").toString(), tickets);
        QCOMPARE(done.status, 200);
        QCOMPARE(done.json().value(u"status").toString(), QStringLiteral("refunded"));
        QCOMPARE(done.json().value(u"refunded_cents"), order.value(u"amount_cents"));
        // Refunding a refunded order as a whole is still the old invalid_state.
        QCOMPARE(refund(order.value(u"order_id").toString(), {}).code(),
                 QStringLiteral("invalid_state"));
    }

    void badTicketIds_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("code");
        QTest::newRow("unknown") << QByteArray(
            idsBody({QStringLiteral("00000000-0000-4000-8000-000000000001")}))
                                 << 422 << QStringLiteral("ticket_not_in_order");
        QTest::newRow("not a uuid") << idsBody({QStringLiteral("x; drop table orders")}) << 422
                                    << QStringLiteral("ticket_not_in_order");
        QTest::newRow("empty list")
            << QByteArray("{\"ticket_ids\":[]}") << 400 << QStringLiteral("bad_request");
        QTest::newRow("not strings")
            << QByteArray("{\"ticket_ids\":[1,2]}") << 400 << QStringLiteral("bad_request");
        QTest::newRow("unknown field")
            << QByteArray("{\"tickets\":[]}") << 400 << QStringLiteral("bad_request");
        QTest::newRow("not json") << QByteArray("{") << 400 << QStringLiteral("bad_request");
        QTest::newRow("another order's ticket")
            << QByteArray("OTHER") << 422 << QStringLiteral("ticket_not_in_order");
    }
    void badTicketIds()
    {
        QFETCH(QByteArray, body);
        QFETCH(int, status);
        QFETCH(QString, code);
        const QJsonObject order = sellCash(1);
        if (body == "OTHER") {
            const QString other = ticketIds(sellCash(1)).first();
            body = idsBody({other});
        }
        const auto answer = m_checkout.client()
                                .postRaw("/orders/" + order.value(u"order_id").toString().toLatin1()
                                             + "/refund",
                                         body,
                                         m_clerk);
        QCOMPARE(answer.status, status);
        QCOMPARE(answer.code(), code);
        // Nothing was written.
        const QJsonObject after = m_checkout.client()
                                      .get("/orders/"
                                               + order.value(u"order_id").toString().toLatin1(),
                                           m_clerk)
                                      .json();
        QCOMPARE(after.value(u"status").toString(), QStringLiteral("paid"));
        QCOMPARE(after.value(u"refunded_cents").toInteger(), 0);
    }

    // Two clerks refund the same ticket at once: exactly one 200 and one 409 ticket_void, and
    // the money leaves the drawer once.
    void concurrentRefundsOfOneTicket()
    {
        for (int round = 0; round < 5; ++round) {
            const QJsonObject order = sellCash(2);
            const QString orderId = order.value(u"order_id").toString();
            const QString ticket = ticketIds(order).first();
            const qint64 before = cashRefunds();
            const QByteArray body = idsBody({ticket});
            const HttpRequest request = HttpClient::request("POST",
                                                            "/orders/" + orderId.toLatin1()
                                                                + "/refund",
                                                            body,
                                                            m_clerk);
            // Both connections are made first, then both requests written together.
            const auto answers = m_checkout.client().concurrently({request, request}, 30000, true);
            const HttpResponse ra = answers.at(0);
            const HttpResponse rb = answers.at(1);
            QList<int> statuses{ra.status, rb.status};
            std::sort(statuses.begin(), statuses.end());
            QCOMPARE(statuses, (QList<int>{200, 409}));
            QCOMPARE((ra.status == 409 ? ra : rb).code(), QStringLiteral("ticket_void"));
            const QJsonObject after
                = m_checkout.client().get("/orders/" + orderId.toLatin1(), m_clerk).json();
            QCOMPARE(after.value(u"refunded_cents").toInteger(),
                     order.value(u"amount_cents").toInteger() / 2);
            QCOMPARE(cashRefunds(), before + order.value(u"amount_cents").toInteger() / 2);
            QCOMPARE(m_checkout.scalar("SELECT count(*) FROM audit WHERE action = 'refund'"
                                       " AND subject = '"
                                       + orderId.toStdString() + "'"),
                     1);
        }
    }

    void idempotencyKeyReplays()
    {
        const QJsonObject order = sellCash(2);
        const QString ticket = ticketIds(order).first();
        const QByteArray path = "/orders/" + order.value(u"order_id").toString().toLatin1()
                                + "/refund";
        const QByteArray body = idsBody({ticket});
        const auto first = m_checkout.client().postRaw(path,
                                                       body,
                                                       m_clerk,
                                                       {{"Idempotency-Key", "refund-key-1"}});
        const auto second = m_checkout.client().postRaw(path,
                                                        body,
                                                        m_clerk,
                                                        {{"Idempotency-Key", "refund-key-1"}});
        QCOMPARE(first.status, 200);
        QCOMPARE(second.status, 200);
        QCOMPARE(second.json(), first.json());
    }

    void onlinePartialGoesThroughProvider()
    {
        const QByteArray fan = testToken(QStringLiteral("refund-fan"));
        const QString holdId = m_checkout.hold(m_event, seats(2), fan);
        const QJsonObject order = m_checkout.order(holdId, fan).json();
        const QString intent = order.value(u"payment").toObject().value(u"intent_id").toString();
        m_checkout.confirm(intent, QStringLiteral("4242424242424242"));
        const QString id = order.value(u"order_id").toString();
        const QJsonObject paid = m_checkout.waitOrder(id, fan, QStringLiteral("paid"));
        QCOMPARE(paid.value(u"status").toString(), QStringLiteral("paid"));
        const QStringList tickets = ticketIds(paid);
        const qint64 half = paid.value(u"amount_cents").toInteger() / 2;

        const auto first = refund(id, {tickets[0]});
        QCOMPARE(first.status, 200);
        QCOMPARE(first.json().value(u"status").toString(), QStringLiteral("paid"));
        auto refundedAtProvider = [&] {
            return m_checkout.sandbox->request("GET", "/v1/payment_intents/" + intent)
                .json.value(u"amount_refunded_cents")
                .toInteger();
        };
        QTRY_COMPARE_WITH_TIMEOUT(refundedAtProvider(), half, 10000);
        const auto second = refund(id, {tickets[1]});
        QCOMPARE(second.status, 200);
        QCOMPARE(second.json().value(u"status").toString(), QStringLiteral("refunded"));
        QTRY_COMPARE_WITH_TIMEOUT(refundedAtProvider(), 2 * half, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(m_checkout.scalar("SELECT count(*) FROM compensations WHERE"
                                                    " status = 'done' AND kind = 'refund'"
                                                    " AND order_id = '"
                                                    + id.toStdString() + "'"),
                                  2,
                                  10000);
        QCOMPARE(saleViolations(m_checkout.server->databaseUrl()), QString());
    }

    void currentShift()
    {
        const auto current = m_checkout.client().get("/shifts/current", m_clerk);
        QCOMPARE(current.status, 200);
        QCOMPARE(current.json().value(u"shift_id").toString(), m_shift);
        QCOMPARE(current.json().value(u"kind").toString(), QStringLiteral("X"));
        const auto again = m_checkout.client().post("/shifts",
                                                    QJsonObject{{QStringLiteral("float_cents"), 0}},
                                                    m_clerk);
        QCOMPARE(again.status, 409);
        QCOMPARE(again.code(), QStringLiteral("shift_open"));
        QCOMPARE(again.json().value(u"shift_id").toString(), m_shift);
        const QByteArray other = testToken(QStringLiteral("no-shift-clerk"),
                                           QStringLiteral("clerk"));
        const auto none = m_checkout.client().get("/shifts/current", other);
        QCOMPARE(none.status, 404);
        QCOMPARE(none.code(), QStringLiteral("not_found"));
        QCOMPARE(m_checkout.client().get("/shifts/current", testToken(QStringLiteral("a-fan"))).status,
                 403);
    }
};

QTEST_GUILESS_MAIN(TestRefunds)
#include "tst_refunds.moc"
