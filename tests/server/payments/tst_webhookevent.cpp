// SPDX-License-Identifier: GPL-3.0-or-later
#include <payments/webhookevent.h>

#include <QTest>

using boxoffice::server::payments::WebhookEvent;

namespace {
QByteArray eventBody(const QByteArray &id,
                     const QByteArray &type,
                     const QByteArray &data = R"({"intent_id":"pi_1","order_id":"o1",)"
                                              R"("amount_cents":1500,"currency":"EUR"})")
{
    return R"({"id":)" + id + R"(,"type":)" + type + R"(,"data":)" + data + "}";
}
} // namespace

class TstWebhookEvent : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void validTypes_data()
    {
        QTest::addColumn<QByteArray>("type");
        QTest::addColumn<int>("expected");
        QTest::newRow("succeeded")
            << QByteArray("payment.succeeded") << int(WebhookEvent::Type::PaymentSucceeded);
        QTest::newRow("failed") << QByteArray("payment.failed")
                                << int(WebhookEvent::Type::PaymentFailed);
        QTest::newRow("refund") << QByteArray("refund.succeeded")
                                << int(WebhookEvent::Type::RefundSucceeded);
    }

    void validTypes()
    {
        QFETCH(QByteArray, type);
        QFETCH(int, expected);
        QString error;
        const auto event = WebhookEvent::parse(eventBody("\"evt_42\"", '"' + type + '"'), &error);
        QVERIFY2(event, qPrintable(error));
        QCOMPARE(int(event->type), expected);
        QCOMPARE(WebhookEvent::typeName(event->type), QString::fromLatin1(type));
        QCOMPARE(event->id, QStringLiteral("evt_42"));
        QCOMPARE(event->intentId, QStringLiteral("pi_1"));
        QCOMPARE(event->orderId, QStringLiteral("o1"));
        QCOMPARE(event->amountCents, 1500);
        QCOMPARE(event->currency, QStringLiteral("EUR"));
        QVERIFY(event->refundId.isEmpty());
    }

    void extraFieldsAndRefundId()
    {
        const auto event = WebhookEvent::parse(
            R"({"id":"evt_9","type":"refund.succeeded","created":1,"data":{"intent_id":"pi_2",)"
            R"("order_id":"o2","amount_cents":0,"currency":"USD","refund_id":"re_7","x":true}})");
        QVERIFY(event);
        QCOMPARE(event->refundId, QStringLiteral("re_7"));
        QCOMPARE(event->amountCents, 0);
    }

    void invalid_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::newRow("not json") << QByteArray("{nope");
        QTest::newRow("array") << QByteArray("[]");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("missing id") << QByteArray(R"({"type":"payment.succeeded","data":{}})");
        QTest::newRow("id not string") << eventBody("7", "\"payment.succeeded\"");
        QTest::newRow("id without evt_") << eventBody("\"pi_1\"", "\"payment.succeeded\"");
        QTest::newRow("unknown type") << eventBody("\"evt_1\"", "\"payment.refunded\"");
        QTest::newRow("type not string") << eventBody("\"evt_1\"", "1");
        QTest::newRow("data not object") << eventBody("\"evt_1\"", "\"payment.succeeded\"", "[]");
        QTest::newRow("missing intent_id")
            << eventBody("\"evt_1\"",
                         "\"payment.succeeded\"",
                         R"({"order_id":"o1","amount_cents":1,"currency":"EUR"})");
        QTest::newRow("empty order_id")
            << eventBody("\"evt_1\"",
                         "\"payment.succeeded\"",
                         R"({"intent_id":"pi","order_id":"","amount_cents":1,"currency":"EUR"})");
        QTest::newRow("amount as string")
            << eventBody("\"evt_1\"",
                         "\"payment.succeeded\"",
                         R"({"intent_id":"pi","order_id":"o","amount_cents":"1","currency":"EUR"})");
        QTest::newRow("negative amount")
            << eventBody("\"evt_1\"",
                         "\"payment.succeeded\"",
                         R"({"intent_id":"pi","order_id":"o","amount_cents":-1,"currency":"EUR"})");
        QTest::newRow("fractional amount")
            << eventBody("\"evt_1\"",
                         "\"payment.succeeded\"",
                         R"({"intent_id":"pi","order_id":"o","amount_cents":1.5,"currency":"EUR"})");
        QTest::newRow("huge amount")
            << eventBody("\"evt_1\"",
                         "\"payment.succeeded\"",
                         R"({"intent_id":"pi","order_id":"o","amount_cents":1e300,"currency":"EUR"})");
        QTest::newRow("lower-case currency")
            << eventBody("\"evt_1\"",
                         "\"payment.succeeded\"",
                         R"({"intent_id":"pi","order_id":"o","amount_cents":1,"currency":"eur"})");
        QTest::newRow("missing currency")
            << eventBody("\"evt_1\"",
                         "\"payment.succeeded\"",
                         R"({"intent_id":"pi","order_id":"o","amount_cents":1})");
        QTest::newRow("refund_id not string")
            << eventBody("\"evt_1\"",
                         "\"refund.succeeded\"",
                         R"({"intent_id":"pi","order_id":"o","amount_cents":1,"currency":"EUR",)"
                         R"("refund_id":5})");
        QTest::newRow("oversized") << QByteArray(70 * 1024, ' ');
    }

    void invalid()
    {
        QFETCH(QByteArray, body);
        QString error;
        QVERIFY(!WebhookEvent::parse(body, &error));
        QVERIFY(!error.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TstWebhookEvent)
#include "tst_webhookevent.moc"
