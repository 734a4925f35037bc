// SPDX-License-Identifier: GPL-3.0-or-later
#include "checkoutfixture.h"

#include <QJsonDocument>

using namespace boxoffice::test;

// The counter: cash with change, card-present, comps (manager only), refunds, reissue, scan,
// shifts with X and Z reports.
class TestBoxOffice : public QObject
{
    Q_OBJECT
private:
    Checkout m_checkout;
    QString m_event;
    int m_row = 0;
    QByteArray m_clerk = testToken(QStringLiteral("clerk-1"), QStringLiteral("clerk"));
    QByteArray m_manager = testToken(QStringLiteral("boss"), QStringLiteral("manager"));

    QStringList seats(int count)
    {
        ++m_row;
        QStringList out;
        for (int n = 1; n <= count; ++n)
            out.append(QStringLiteral("S1-%1-%2").arg(m_row).arg(n));
        return out;
    }
    HttpResponse sell(const QByteArray &token, const QStringList &which, const QJsonObject &payment)
    {
        const QString holdId = m_checkout.hold(m_event, which, token);
        if (holdId.isEmpty())
            return {};
        return m_checkout.client().post("/orders",
                                        QJsonObject{{QStringLiteral("hold_id"), holdId},
                                                    {QStringLiteral("payment"), payment}},
                                        token);
    }
    static QJsonObject cash(qint64 tendered)
    {
        return {{QStringLiteral("method"), QStringLiteral("cash")},
                {QStringLiteral("tendered_cents"), tendered}};
    }
    QString scan(const QString &code)
    {
        return m_checkout.client()
            .post("/tickets/scan",
                  QJsonObject{{QStringLiteral("code"), code}, {QStringLiteral("event_id"), m_event}},
                  m_clerk)
            .json()
            .value(u"result")
            .toString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_checkout.start());
        m_event = m_checkout.createEvent(QStringLiteral("counter"), 20, 4, 0, 60, 50, 20);
        QVERIFY(!m_event.isEmpty());
    }

    void cashNeedsShiftAndEnoughMoney()
    {
        const QByteArray other = testToken(QStringLiteral("clerk-noshift"), QStringLiteral("clerk"));
        const auto noShift = sell(other, seats(1), cash(10000));
        QCOMPARE(noShift.status, 409);
        QCOMPARE(noShift.code(), QStringLiteral("shift_required"));
        // A fan cannot sell at the counter.
        QCOMPARE(sell(testToken(QStringLiteral("fan1")), seats(1), cash(10000)).status, 403);
        QCOMPARE(sell(m_clerk,
                      seats(1),
                      QJsonObject{{QStringLiteral("method"), QStringLiteral("iou")}})
                     .status,
                 400);
    }

    void shiftDay()
    {
        const auto opened = m_checkout.client().post("/shifts",
                                                     QJsonObject{
                                                         {QStringLiteral("float_cents"), 20000}},
                                                     m_clerk);
        QCOMPARE(opened.status, 201);
        const QString shift = opened.json().value(u"shift_id").toString();
        QCOMPARE(m_checkout.client()
                     .post("/shifts", QJsonObject{{QStringLiteral("float_cents"), 1}}, m_clerk)
                     .code(),
                 QStringLiteral("shift_open"));

        const auto short_ = sell(m_clerk, seats(1), cash(4000));
        QCOMPARE(short_.status, 422);
        QCOMPARE(short_.code(), QStringLiteral("insufficient_payment"));

        const auto sale = sell(m_clerk, seats(2), cash(12000));
        QCOMPARE(sale.status, 201);
        QCOMPARE(sale.json().value(u"status").toString(), QStringLiteral("paid"));
        QCOMPARE(sale.json().value(u"change_cents").toInteger(), 2000);
        QCOMPARE(sale.json().value(u"tickets").toArray().size(), 2);
        QCOMPARE(m_checkout.scalar(
                     "SELECT count(*) FROM audit WHERE action = 'sale' AND actor = 'clerk-1'"
                     " AND details->>'shift_id' = '"
                     + shift.toStdString() + "'"),
                 1);

        const auto card = sell(m_clerk,
                               seats(1),
                               {{QStringLiteral("method"), QStringLiteral("card_present")},
                                {QStringLiteral("reference"), QStringLiteral("TERM-42")}});
        QCOMPARE(card.status, 201);
        const auto second = sell(m_clerk, seats(1), cash(5000));
        QCOMPARE(second.status, 201);
        QCOMPARE(second.json().value(u"change_cents").toInteger(), 0);

        // Refund the second cash sale: seats free at once, tickets void, cash leaves the drawer.
        const QString refundId = second.json().value(u"order_id").toString();
        const auto refunded = m_checkout.client().post("/orders/" + refundId.toLatin1() + "/refund",
                                                       {},
                                                       m_clerk);
        QCOMPARE(refunded.status, 200);
        QCOMPARE(refunded.json().value(u"status").toString(), QStringLiteral("refunded"));
        for (const QJsonValue &t : refunded.json().value(u"tickets").toArray())
            QCOMPARE(t.toObject().value(u"status").toString(), QStringLiteral("void"));
        const QString seat = refunded.json()
                                 .value(u"tickets")
                                 .toArray()
                                 .first()
                                 .toObject()
                                 .value(u"seat_id")
                                 .toString();
        QVERIFY(!m_checkout.hold(m_event, {seat}, testToken(QStringLiteral("fan-after-refund")))
                     .isEmpty());
        QCOMPARE(m_checkout.client()
                     .post("/orders/" + refundId.toLatin1() + "/refund", {}, m_clerk)
                     .code(),
                 QStringLiteral("invalid_state"));
        QCOMPARE(m_checkout.client()
                     .post("/orders/" + refundId.toLatin1() + "/refund",
                           {},
                           testToken(QStringLiteral("fan1")))
                     .status,
                 403);

        // X report: cash 10000 + 5000 in, 5000 out; card 5000; expected = float + net cash.
        const auto x
            = m_checkout.client().get("/shifts/" + shift.toLatin1() + "/report", m_clerk).json();
        QCOMPARE(x.value(u"kind").toString(), QStringLiteral("X"));
        QCOMPARE(x.value(u"sales_count").toInt(), 3);
        QCOMPARE(x.value(u"refunds_count").toInt(), 1);
        const QJsonObject byMethod = x.value(u"by_method").toObject();
        QCOMPARE(byMethod.value(u"cash").toObject().value(u"sales_cents").toInteger(), 15000);
        QCOMPARE(byMethod.value(u"cash").toObject().value(u"refunds_cents").toInteger(), 5000);
        QCOMPARE(byMethod.value(u"card_present").toObject().value(u"sales_cents").toInteger(), 5000);
        QCOMPARE(x.value(u"net_cents").toInteger(), 15000);
        QCOMPARE(x.value(u"expected_cash_cents").toInteger(), 30000);
        QCOMPARE(m_checkout.client()
                     .get("/shifts/" + shift.toLatin1() + "/report",
                          testToken(QStringLiteral("clerk-2"), QStringLiteral("clerk")))
                     .status,
                 404);

        // Z: counted 100 short.
        const auto z = m_checkout.client().post("/shifts/" + shift.toLatin1() + "/close",
                                                QJsonObject{
                                                    {QStringLiteral("counted_cents"), 29900}},
                                                m_clerk);
        QCOMPARE(z.status, 200);
        QCOMPARE(z.json().value(u"kind").toString(), QStringLiteral("Z"));
        QCOMPARE(z.json().value(u"variance_cents").toInteger(), -100);
        QCOMPARE(m_checkout.client()
                     .post("/shifts/" + shift.toLatin1() + "/close",
                           QJsonObject{{QStringLiteral("counted_cents"), 1}},
                           m_clerk)
                     .code(),
                 QStringLiteral("shift_closed"));
        // A closed shift takes no more cash.
        QCOMPARE(sell(m_clerk, seats(1), cash(5000)).code(), QStringLiteral("shift_required"));
    }

    void compNeedsManager()
    {
        const QJsonObject comp{{QStringLiteral("method"), QStringLiteral("comp")},
                               {QStringLiteral("reason"), QStringLiteral("press")}};
        QCOMPARE(sell(m_clerk, seats(1), comp).status, 403);
        const auto given = sell(m_manager, seats(1), comp);
        QCOMPARE(given.status, 201);
        QCOMPARE(given.json().value(u"status").toString(), QStringLiteral("paid"));
        QCOMPARE(given.json().value(u"payment").toObject().value(u"method").toString(),
                 QStringLiteral("comp"));
    }

    void reissueAndScan()
    {
        const auto sale = sell(m_manager,
                               seats(1),
                               {{QStringLiteral("method"), QStringLiteral("card_present")},
                                {QStringLiteral("reference"), QStringLiteral("T-1")}});
        QCOMPARE(sale.status, 201);
        const QJsonObject ticket = sale.json().value(u"tickets").toArray().first().toObject();
        const QString oldCode = ticket.value(u"code").toString();
        const auto reissued
            = m_checkout.client().post("/tickets/" + ticket.value(u"ticket_id").toString().toLatin1()
                                           + "/reissue",
                                       {},
                                       m_clerk);
        QCOMPARE(reissued.status, 201);
        const QString newCode = reissued.json().value(u"code").toString();
        QVERIFY(newCode != oldCode);
        QCOMPARE(reissued.json().value(u"seat_id"), ticket.value(u"seat_id"));
        QCOMPARE(scan(oldCode), QStringLiteral("void"));
        QCOMPARE(scan(newCode), QStringLiteral("valid"));
        QCOMPARE(scan(newCode), QStringLiteral("already_used"));
        QCOMPARE(scan(QStringLiteral("garbage")), QStringLiteral("unknown"));
        // Right shape, wrong signature.
        QString forged = newCode;
        forged[forged.size() - 2] = forged[forged.size() - 2] == u'A' ? u'B' : u'A';
        QCOMPARE(scan(forged), QStringLiteral("unknown"));
        QCOMPARE(m_checkout.client()
                     .post("/tickets/scan",
                           QJsonObject{{QStringLiteral("code"), newCode},
                                       {QStringLiteral("event_id"), m_event}},
                           testToken(QStringLiteral("fan1")))
                     .status,
                 403);
        QCOMPARE(m_checkout.client()
                     .post("/tickets/" + ticket.value(u"ticket_id").toString().toLatin1()
                               + "/reissue",
                           {},
                           m_clerk)
                     .code(),
                 QStringLiteral("ticket_used")); // scanned above: it stays used
    }

    void onlineRefundGoesThroughProvider()
    {
        const QByteArray fan = testToken(QStringLiteral("online-fan"));
        const QString holdId = m_checkout.hold(m_event, seats(1), fan);
        const QJsonObject order = m_checkout.order(holdId, fan).json();
        const QString intent = order.value(u"payment").toObject().value(u"intent_id").toString();
        m_checkout.confirm(intent, QStringLiteral("4242424242424242"));
        const QString id = order.value(u"order_id").toString();
        QCOMPARE(m_checkout.waitOrder(id, fan, QStringLiteral("paid")).value(u"status").toString(),
                 QStringLiteral("paid"));
        const auto refunded = m_checkout.client().post("/orders/" + id.toLatin1() + "/refund",
                                                       {},
                                                       m_clerk);
        QCOMPARE(refunded.status, 200);
        QCOMPARE(refunded.json().value(u"status").toString(), QStringLiteral("refunded"));
        QElapsedTimer timer;
        timer.start();
        qint64 refundedAtProvider = 0;
        while (timer.elapsed() < 5000 && refundedAtProvider == 0) {
            QTest::qWait(100);
            refundedAtProvider = m_checkout.sandbox->request("GET", "/v1/payment_intents/" + intent)
                                     .json.value(u"amount_refunded_cents")
                                     .toInteger();
        }
        QCOMPARE(refundedAtProvider, order.value(u"amount_cents").toInteger());
        QCOMPARE(saleViolations(m_checkout.server->databaseUrl()), QString());
    }
};

QTEST_GUILESS_MAIN(TestBoxOffice)
#include "tst_boxoffice.moc"
