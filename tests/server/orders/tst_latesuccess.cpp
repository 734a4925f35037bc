// SPDX-License-Identifier: GPL-3.0-or-later
#include "checkoutfixture.h"
#include "payments/webhooksignature.h"

#include <QDateTime>

using namespace boxoffice::test;

// Found by the chaos soak (docs/cluster.md): a success applied a second time (the reconciler's
// answer landing after the webhook's, or the provider announcing it again under a new event id)
// after a clerk refunded the paid order, but before the provider had the refund, added a
// compensation: two refunds of one payment, the second failing for ever (amount_too_large) and
// the order's refund stuck pending. A success already applied must change nothing.
class TestLateSuccess : public QObject
{
    Q_OBJECT
private:
    Checkout m_checkout;
    QString m_event;

    HttpResponse deliverSucceeded(const QString &intent, const QString &orderId, qint64 cents)
    {
        const QByteArray body
            = QJsonDocument(
                  QJsonObject{{QStringLiteral("id"), QString(QStringLiteral("evt_again_") + intent)},
                              {QStringLiteral("type"), QStringLiteral("payment.succeeded")},
                              {QStringLiteral("created"), QDateTime::currentSecsSinceEpoch()},
                              {QStringLiteral("data"),
                               QJsonObject{{QStringLiteral("intent_id"), intent},
                                           {QStringLiteral("order_id"), orderId},
                                           {QStringLiteral("amount_cents"), cents},
                                           {QStringLiteral("currency"), QStringLiteral("EUR")}}}})
                  .toJson(QJsonDocument::Compact);
        const QByteArray signature
            = boxoffice::server::payments::webhookSignatureHeader(SandboxProcess::kSecret,
                                                                  QDateTime::currentSecsSinceEpoch(),
                                                                  body);
        return m_checkout.client().postRaw("/payments/webhook",
                                           body,
                                           {},
                                           {{"Payment-Signature", signature}});
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_checkout.start());
        m_event = m_checkout.createEvent(QStringLiteral("late-success"), 4, 4, 0, 60);
        QVERIFY(!m_event.isEmpty());
    }

    void successAgainAfterAStaffRefundChangesNothing()
    {
        const QByteArray fan = testToken(QStringLiteral("late-fan"));
        const QByteArray clerk = testToken(QStringLiteral("late-clerk"), QStringLiteral("clerk"));
        const QString holdId = m_checkout.hold(m_event, {QStringLiteral("S1-1-1")}, fan);
        QVERIFY(!holdId.isEmpty());
        const QJsonObject order = m_checkout.order(holdId, fan).json();
        const QString id = order.value(u"order_id").toString();
        const QString intent = order.value(u"payment").toObject().value(u"intent_id").toString();
        const qint64 cents = order.value(u"amount_cents").toInteger();
        m_checkout.confirm(intent, QStringLiteral("4242424242424242"));
        QCOMPARE(m_checkout.waitOrder(id, fan, QStringLiteral("paid")).value(u"status").toString(),
                 QStringLiteral("paid"));
        // The provider refuses its next two requests: the clerk's refund stays due a while
        // (the worker retries after 1, 2 then 4 s).
        QCOMPARE(m_checkout.sandbox
                     ->post(QStringLiteral("/control/fail_next_requests"),
                            {{QStringLiteral("count"), 2}})
                     .status,
                 200);
        const auto refunded = m_checkout.client().post("/orders/" + id.toLatin1() + "/refund",
                                                       QJsonObject{},
                                                       clerk);
        QCOMPARE(refunded.status, 200);
        QCOMPARE(refunded.json().value(u"status").toString(), QStringLiteral("refunded"));
        // The same success once more, before the refund reached the provider.
        const auto again = deliverSucceeded(intent, id, cents);
        QCOMPARE(again.status, 200);
        QVERIFY2(again.json().value(u"outcome").toString() != u"compensated", again.body);
        const std::string refunds = "SELECT count(*) FROM compensations WHERE intent_id = '"
                                    + intent.toStdString() + "'";
        QCOMPARE(m_checkout.scalar(refunds), 1);
        // Then the one refund goes through, and nothing stays pending.
        QTRY_COMPARE_WITH_TIMEOUT(m_checkout.scalar(
                                      "SELECT count(*) FROM compensations WHERE intent_id = '"
                                      + intent.toStdString() + "' AND status = 'done'"),
                                  1,
                                  30000);
        const auto atProvider = m_checkout.sandbox->request("GET", "/v1/payment_intents/" + intent);
        QCOMPARE(atProvider.json.value(u"amount_refunded_cents").toInteger(), cents);
        QCOMPARE(m_checkout.scalar(refunds), 1);
    }
};

QTEST_GUILESS_MAIN(TestLateSuccess)
#include "tst_latesuccess.moc"
