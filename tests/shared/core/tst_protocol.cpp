// SPDX-License-Identifier: GPL-3.0-or-later
#include <core/protocol/event.h>
#include <core/protocol/hold.h>
#include <core/protocol/order.h>
#include <core/protocol/ticket.h>

#include "wiresamples.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace boxoffice::protocol;
using namespace wiresamples;

namespace {

template<typename T>
QString errorOf(const QJsonObject &json)
{
    return T::fromJson(json).error();
}

} // namespace

// Every wire type reads what it writes and writes what it read: the server's bytes survive a
// trip through the apps' parse (and a replayed answer through the server's).
class TestProtocol : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void roundTrips_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QByteArray>("json");
        QTest::newRow("hold") << "hold" << QByteArray(kHold);
        QTest::newRow("hold, GA null, no allocation")
            << "hold" << QByteArray(R"({"hold_id":"h","event_id":"e","seats":["A-1"],"ga":null,
                "expires_at":"2026-05-01T19:30:00.000Z","status":"expired"})");
        QTest::newRow("ticket") << "ticket" << QByteArray(kTicket);
        QTest::newRow("ticket, GA, no price")
            << "ticket"
            << QByteArray(R"({"ticket_id":"t","event_id":"e","seat_id":null,"ga_id":"PISTA",
                "code":"c","status":"void"})");
        QTest::newRow("order") << "order" << QByteArray(kOrder);
        QTest::newRow("order, pending online, no attempt, no lines")
            << "order"
            << QByteArray(R"({"order_id":"o","hold_id":"h","event_id":"e","status":"pending",
                "amount_cents":0,"refunded_cents":0,"currency":"EUR",
                "payment":{"provider":null,"intent_id":null,"client_secret":null,"status":null,
                           "method":""},
                "tickets":[],"channel":"online","created_at":"2026-04-01T10:00:00.000Z"})");
        QTest::newRow("event") << "event" << QByteArray(kEvent);
        QTest::newRow("event, listed: no categories or limits, no location")
            << "event"
            << QByteArray(kEvent)
                   .replace(R"("lat":40.4184,"lng":-3.7109)", R"("lat":null,"lng":null)")
                   .replace(R"(,
    "categories":[{"id":"stalls","name":"Stalls","color":"#c62828","price_cents":3000}],
    "limits":{"max_seats_per_user":6,"max_holds_per_user":2,"hold_seconds":600}})",
                            "}");
    }
    void roundTrips()
    {
        QFETCH(QString, type);
        QFETCH(QByteArray, json);
        const QJsonObject in = QJsonDocument::fromJson(json).object();
        QVERIFY(!in.isEmpty());
        QJsonObject out;
        QString error;
        if (type == u"hold") {
            const auto hold = Hold::fromJson(in);
            error = hold.error();
            out = hold ? hold->toJson() : QJsonObject();
        } else if (type == u"ticket") {
            const auto ticket = Ticket::fromJson(in);
            error = ticket.error();
            out = ticket ? ticket->toJson() : QJsonObject();
        } else if (type == u"order") {
            const auto order = Order::fromJson(in);
            error = order.error();
            out = order ? order->toJson() : QJsonObject();
        } else {
            const auto event = Event::fromJson(in);
            error = event.error();
            out = event ? event->toJson() : QJsonObject();
        }
        QCOMPARE(error, QString());
        QCOMPARE(QJsonDocument(out).toJson(QJsonDocument::Compact),
                 QJsonDocument(in).toJson(QJsonDocument::Compact));
    }

    void typedValues()
    {
        const auto order = Order::fromJson(parse(kOrder));
        QVERIFY2(order, qPrintable(order.error()));
        QCOMPARE(order->tickets.size(), 2);
        QCOMPARE(order->tickets[1].gaId, u"PISTA");
        QVERIFY(order->tickets[1].seatId.isEmpty());
        QCOMPARE(order->tickets[0].priceCents, std::optional<qint64>(3000));
        QCOMPARE(order->payment.clientSecret, QString());
        QCOMPARE(order->changeCents, std::optional<qint64>(150));
        QCOMPARE(order->lines[0].reference, u"A-1-3");
        QCOMPARE(order->lines[0].discountCents, 500);
        QCOMPARE(order->createdAt, QDateTime(QDate(2026, 4, 1), QTime(10, 0, 0, 123), Qt::UTC));
        const auto hold = Hold::fromJson(parse(kHold));
        QVERIFY2(hold, qPrintable(hold.error()));
        QCOMPARE(hold->seats, QStringList({"A-1-3", "A-1-4"}));
        QCOMPARE(hold->gaQuantity, 2);
        const auto event = Event::fromJson(parse(kEvent));
        QVERIFY2(event, qPrintable(event.error()));
        QCOMPARE(event->venue.lat, std::optional<double>(40.4184));
        QCOMPARE(event->limits->maxSeatsPerUser, 6);
        QCOMPARE(event->categories->at(0).priceCents, 3000);
        QVERIFY(!event->offSaleAt.isValid());
        QCOMPARE(event->transferCutoffMinutes, 60);
    }

    // A client reading an old or foreign answer: only the contract's own members are required.
    void eventNeedsOnlyTheContract()
    {
        const auto event = Event::fromJson(parse(R"({"id":"e","title":"T",
            "starts_at":"2026-05-01T19:30:00Z","venue":{"id":"v","name":"V"},"currency":"EUR"})"));
        QVERIFY2(event, qPrintable(event.error()));
        QVERIFY(!event->limits);
        QCOMPARE(event->version, 1);
    }

    void malformedIsRefusedNamingTheField_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QJsonValue>("value"); // undefined: the member is left out
        QTest::addColumn<QString>("error");
        const QJsonValue missing(QJsonValue::Undefined);
        QTest::newRow("hold without hold_id")
            << "hold"
            << "hold_id" << missing << "$.hold_id: missing required field";
        QTest::newRow("hold seat a number")
            << "hold"
            << "seats[1]" << QJsonValue(7) << "$.seats[1]: expected a string, found number";
        QTest::newRow("hold ga a string")
            << "hold"
            << "ga" << QJsonValue("PISTA") << "$.ga: expected an object, found string";
        QTest::newRow("hold ga quantity 0")
            << "hold"
            << "ga.quantity" << QJsonValue(0) << "$.ga.quantity: 0 is out of range [1, 100000]";
        QTest::newRow("hold expires_at not a time")
            << "hold"
            << "expires_at" << QJsonValue("soon")
            << "$.expires_at: \"soon\" is not an RFC 3339 time";
        QTest::newRow("ticket seat_id missing")
            << "ticket"
            << "seat_id" << missing << "$.seat_id: missing required field";
        QTest::newRow("ticket price a string")
            << "ticket"
            << "price_cents" << QJsonValue("30")
            << "$.price_cents: expected an integer, found string";
        QTest::newRow("ticket transferred a string")
            << "ticket"
            << "transferred" << QJsonValue("yes")
            << "$.transferred: expected a boolean, found string";
        QTest::newRow("order amount negative") << "order"
                                               << "amount_cents" << QJsonValue(-1)
                                               << "$.amount_cents: must not be negative (found -1)";
        QTest::newRow("order amount a fraction")
            << "order"
            << "amount_cents" << QJsonValue(12.5)
            << "$.amount_cents: expected an integer, found 12.5";
        QTest::newRow("order without payment")
            << "order"
            << "payment" << missing << "$.payment: missing required field";
        QTest::newRow("order payment method missing")
            << "order"
            << "payment.method" << missing << "$.payment.method: missing required field";
        QTest::newRow("order ticket's code a number")
            << "order"
            << "tickets[1].code" << QJsonValue(5)
            << "$.tickets[1].code: expected a string, found number";
        QTest::newRow("order ticket not an object")
            << "order"
            << "tickets[0]" << QJsonValue("t1") << "$.tickets[0]: expected an object, found string";
        QTest::newRow("order line without total")
            << "order"
            << "lines[1].total_cents" << missing
            << "$.lines[1].total_cents: missing required field";
        QTest::newRow("order lines without fee_cents")
            << "order"
            << "fee_cents" << missing << "$.fee_cents: missing required field";
        QTest::newRow("event without venue")
            << "event"
            << "venue" << missing << "$.venue: missing required field";
        QTest::newRow("event venue lat a string")
            << "event"
            << "venue.lat" << QJsonValue("north") << "$.venue.lat: expected a number, found string";
        QTest::newRow("event limits hold_seconds a string")
            << "event"
            << "limits.hold_seconds" << QJsonValue("600")
            << "$.limits.hold_seconds: expected an integer, found string";
        QTest::newRow("event category price missing")
            << "event"
            << "categories[0].price_cents" << missing
            << "$.categories[0].price_cents: missing required field";
        QTest::newRow("event paused a number")
            << "event"
            << "paused" << QJsonValue(1) << "$.paused: expected a boolean, found number";
    }
    void malformedIsRefusedNamingTheField()
    {
        QFETCH(QString, type);
        QFETCH(QString, path);
        QFETCH(QJsonValue, value);
        QFETCH(QString, error);
        const char *base = type == u"hold"     ? kHold
                           : type == u"ticket" ? kTicket
                           : type == u"order"  ? kOrder
                                               : kEvent;
        const QJsonObject json = with(parse(base), path, value);
        const QString found = type == u"hold"     ? errorOf<Hold>(json)
                              : type == u"ticket" ? errorOf<Ticket>(json)
                              : type == u"order"  ? errorOf<Order>(json)
                                                  : errorOf<Event>(json);
        QCOMPARE(found, error);
    }

    // Not an object at all, or garbage members everywhere: refused, and nothing crashes.
    void garbageIsRefused()
    {
        QVERIFY(!Hold::fromJson({}));
        QCOMPARE(Hold::fromJson({}).field(), u"$.hold_id");
        QVERIFY(!Order::fromJson(parse(R"({"tickets":{"a":1},"payment":[],"lines":7})")));
        QVERIFY(!Event::fromJson(parse(R"({"venue":null,"categories":[null,1,"x"]})")));
        QVERIFY(!Ticket::fromJson(parse(R"({"ticket_id":null})")));
    }
};

QTEST_GUILESS_MAIN(TestProtocol)
#include "tst_protocol.moc"
