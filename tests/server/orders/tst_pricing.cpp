// SPDX-License-Identifier: GPL-3.0-or-later
// Prices as venues use them (issue 28): ticket types, fees and tax on real orders against real
// PostgreSQL and the payment sandbox; bad rules and picks refused with nothing written; a type's
// last tickets raced for; a partial refund's tax and fee; an order whose lines cannot be written.
#include "checkoutfixture.h"

using namespace boxoffice::test;

class TestPricing : public QObject
{
    Q_OBJECT
private:
    Checkout m_checkout;
    QString m_event;
    int m_row = 0;
    QByteArray m_manager = testToken(QStringLiteral("pricing-manager"), QStringLiteral("manager"));
    QByteArray m_clerk = testToken(QStringLiteral("pricing-clerk"), QStringLiteral("clerk"));
    QByteArray m_fan = testToken(QStringLiteral("pricing-fan"), QStringLiteral("fan"));

    QStringList seats(int count)
    {
        ++m_row;
        QStringList out;
        for (int n = 1; n <= count; ++n)
            out.append(QStringLiteral("S1-%1-%2").arg(m_row).arg(n));
        return out;
    }
    QByteArray eventPath(const char *tail) const { return "/events/" + m_event.toLatin1() + tail; }
    int version()
    {
        return m_checkout.client().get(eventPath("/pricing")).json().value(u"version").toInt();
    }
    HttpResponse put(const QByteArray &path,
                     const QJsonObject &body,
                     const QByteArray &token,
                     std::optional<int> ifMatch = std::nullopt)
    {
        QList<QPair<QByteArray, QByteArray>> headers{{"Content-Type", "application/json"}};
        if (ifMatch)
            headers.append({"If-Match", '"' + QByteArray::number(*ifMatch) + '"'});
        return m_checkout.client().send(
            HttpClient::request("PUT",
                                path,
                                QJsonDocument(body).toJson(QJsonDocument::Compact),
                                token,
                                headers));
    }
    HttpResponse putRules(const QJsonObject &rules)
    {
        return put(eventPath("/pricing"), rules, m_manager, version());
    }
    HttpResponse pick(const QString &holdId, const QJsonObject &types, const QByteArray &token)
    {
        return put("/holds/" + holdId.toLatin1() + "/types",
                   QJsonObject{{QStringLiteral("types"), types}},
                   token);
    }
    HttpResponse sellCash(const QString &holdId)
    {
        return m_checkout.client()
            .post("/orders",
                  QJsonObject{{QStringLiteral("hold_id"), holdId},
                              {QStringLiteral("payment"),
                               QJsonObject{{QStringLiteral("method"), QStringLiteral("cash")},
                                           {QStringLiteral("tendered_cents"), 100000}}}},
                  m_clerk);
    }
    void exec(const std::string &sql)
    {
        pqxx::connection connection{m_checkout.server->databaseUrl()};
        pqxx::nontransaction work{connection};
        work.exec(sql);
    }
    static qint64 sumOf(const QJsonArray &lines, const char *member)
    {
        qint64 sum = 0;
        for (const QJsonValue &line : lines)
            sum += line.toObject().value(QLatin1String(member)).toInteger();
        return sum;
    }
    // The standard rules of these tests: 7.7 % tax included, fees online per ticket and order,
    // a fixed fee at the counter, fees kept on refunds.
    static QJsonObject rules()
    {
        const auto type = [](const char *id, QJsonObject more) {
            more.insert(u"id", QLatin1String(id));
            more.insert(u"name", QString::fromLatin1(id).toUpper());
            return more;
        };
        return {{QStringLiteral("ticket_types"),
                 QJsonArray{type("adult", {{QStringLiteral("delta_cents"), 0}}),
                            type("child",
                                 {{QStringLiteral("delta_cents"), -2000},
                                  {QStringLiteral("max_per_order"), 2}}),
                            type("senior",
                                 {{QStringLiteral("price_cents"), 3500},
                                  {QStringLiteral("max_per_event"), 3}}),
                            type("companion",
                                 {{QStringLiteral("price_cents"), 0},
                                  {QStringLiteral("channels"),
                                   QJsonArray{QStringLiteral("box_office")}}})}},
                {QStringLiteral("fees"),
                 QJsonArray{QJsonObject{{QStringLiteral("channel"), QStringLiteral("online")},
                                        {QStringLiteral("scope"), QStringLiteral("ticket")},
                                        {QStringLiteral("fixed_cents"), 150}},
                            QJsonObject{{QStringLiteral("channel"), QStringLiteral("online")},
                                        {QStringLiteral("scope"), QStringLiteral("order")},
                                        {QStringLiteral("percent"), 2.5}},
                            QJsonObject{{QStringLiteral("channel"), QStringLiteral("box_office")},
                                        {QStringLiteral("scope"), QStringLiteral("ticket")},
                                        {QStringLiteral("fixed_cents"), 100}}}},
                {QStringLiteral("tax"),
                 QJsonObject{{QStringLiteral("name"), QStringLiteral("MWST")},
                             {QStringLiteral("rate_percent"), 7.7},
                             {QStringLiteral("included"), true}}},
                {QStringLiteral("refund_fees"), false}};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_checkout.start());
        // 40 rows of 4 seats, all of category A at 50.00.
        m_event = m_checkout.createEvent(QStringLiteral("pricing"), 40, 4, 0, 60, 50, 20);
        QVERIFY(!m_event.isEmpty());
        const auto opened = m_checkout.client().post("/shifts",
                                                     QJsonObject{
                                                         {QStringLiteral("float_cents"), 10000}},
                                                     m_clerk);
        QCOMPARE(opened.status, 201);
        const auto put = putRules(rules());
        QCOMPARE(put.status, 200);
        QCOMPARE(put.json().value(u"ticket_types").toArray().size(), 4);
        QCOMPARE(put.json().value(u"tax").toObject().value(u"rate_percent").toDouble(), 7.7);
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM audit WHERE action = 'event.pricing'"), 1);
    }

    void badRulesAreRefusedAndNothingIsWritten()
    {
        const int before = version();
        const auto refused = [&](QJsonObject body, const char *field) {
            const auto answer = putRules(body);
            QCOMPARE(answer.status, 422);
            QCOMPARE(answer.code(), QStringLiteral("invalid_field"));
            QCOMPARE(answer.json().value(u"field").toString(), QLatin1String(field));
        };
        QJsonObject negative = rules();
        QJsonArray types = negative.value(u"ticket_types").toArray();
        QJsonObject senior = types[2].toObject();
        senior.insert(u"price_cents", -1);
        types[2] = senior;
        negative.insert(u"ticket_types", types);
        refused(negative, "ticket_types[2].price_cents");
        QJsonObject percent = rules();
        QJsonArray fees = percent.value(u"fees").toArray();
        QJsonObject orderFee = fees[1].toObject();
        orderFee.insert(u"percent", 100.5);
        fees[1] = orderFee;
        percent.insert(u"fees", fees);
        refused(percent, "fees[1].percent");
        QJsonObject tax = rules();
        tax.insert(u"tax", QJsonObject{{QStringLiteral("rate_percent"), 7.777}});
        refused(tax, "tax.rate_percent");
        QJsonObject category = rules();
        types = category.value(u"ticket_types").toArray();
        QJsonObject child = types[1].toObject();
        child.insert(u"category", QStringLiteral("Z"));
        types[1] = child;
        category.insert(u"ticket_types", types);
        refused(category, "ticket_types[1].category");
        // Without If-Match: 428, and a stale one 412.
        QCOMPARE(put(eventPath("/pricing"), rules(), m_manager).status, 428);
        QCOMPARE(put(eventPath("/pricing"), rules(), m_manager, before - 1).status, 412);
        QCOMPARE(put(eventPath("/pricing"), rules(), m_fan, before).status, 403);
        QCOMPARE(version(), before);
        QCOMPARE(m_checkout.client().get(eventPath("/pricing")).json(),
                 m_checkout.client().get(eventPath("/pricing")).json());
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM audit WHERE action = 'event.pricing'"), 1);
    }

    void badPicksAreRefused()
    {
        const QStringList held = seats(3);
        const QString holdId = m_checkout.hold(m_event, held, m_fan);
        QVERIFY(!holdId.isEmpty());
        const auto unknown = pick(holdId, {{held[0], QStringLiteral("pensioner")}}, m_fan);
        QCOMPARE(unknown.status, 422);
        QCOMPARE(unknown.json().value(u"field").toString(), QStringLiteral("types.%1").arg(held[0]));
        const auto counterOnly = pick(holdId, {{held[1], QStringLiteral("companion")}}, m_fan);
        QCOMPARE(counterOnly.status, 422);
        QCOMPARE(counterOnly.json().value(u"field").toString(),
                 QStringLiteral("types.%1").arg(held[1]));
        const auto notHeld = pick(holdId,
                                  {{QStringLiteral("S1-40-4"), QStringLiteral("child")}},
                                  m_fan);
        QCOMPARE(notHeld.status, 422);
        const auto threeChildren = pick(holdId,
                                        {{held[0], QStringLiteral("child")},
                                         {held[1], QStringLiteral("child")},
                                         {held[2], QStringLiteral("child")}},
                                        m_fan);
        QCOMPARE(threeChildren.status, 422);
        QCOMPARE(threeChildren.code(), QStringLiteral("limit_exceeded"));
        QCOMPARE(m_checkout.client().get("/holds/" + holdId.toLatin1() + "/quote", m_manager).status,
                 404);
        // Nothing was kept of the refused picks, so the order still prices at A's price.
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM hold_ticket_types WHERE hold_id = '"
                                   + holdId.toStdString() + "'"),
                 0);
        QCOMPARE(m_checkout.client().del("/holds/" + holdId.toLatin1(), m_fan).status, 204);
    }

    void onlineOrderIsSoldAsQuoted()
    {
        const QStringList held = seats(2);
        const QString holdId = m_checkout.hold(m_event, held, m_fan);
        const auto picked = pick(holdId, {{held[1], QStringLiteral("child")}}, m_fan);
        QCOMPARE(picked.status, 200);
        const QJsonObject quote
            = m_checkout.client().get("/holds/" + holdId.toLatin1() + "/quote", m_fan).json();
        QCOMPARE(quote, picked.json());
        // 5000 + 3000 faces, 2 x 150 ticket fees, 2.5 % of 8000 = 200 order fee.
        QCOMPARE(quote.value(u"total_cents").toInteger(), 8500);
        QCOMPARE(quote.value(u"fee_cents").toInteger(), 500);
        const QJsonArray lines = quote.value(u"lines").toArray();
        QCOMPARE(lines.size(), 5);
        QCOMPARE(sumOf(lines, "total_cents"), 8500);
        QCOMPARE(sumOf(lines, "net_cents") + sumOf(lines, "tax_cents"), 8500);
        QCOMPARE(quote.value(u"tax_cents").toInteger(), sumOf(lines, "tax_cents"));

        const QJsonObject started = m_checkout.order(holdId, m_fan).json();
        QCOMPARE(started.value(u"amount_cents").toInteger(), 8500);
        m_checkout.confirm(started.value(u"payment").toObject().value(u"intent_id").toString(),
                           QStringLiteral("4242424242424242"));
        const QString orderId = started.value(u"order_id").toString();
        const QJsonObject paid = m_checkout.waitOrder(orderId, m_fan, QStringLiteral("paid"));
        QCOMPARE(paid.value(u"status").toString(), QStringLiteral("paid"));
        QCOMPARE(paid.value(u"lines").toArray(), lines);
        QCOMPARE(paid.value(u"fee_cents").toInteger(), 500);
        const std::string id = orderId.toStdString();
        QCOMPARE(m_checkout.scalar("SELECT fee_cents FROM transaction_log WHERE kind = 'sale'"
                                   " AND order_id = '"
                                   + id + "'"),
                 500);
        QCOMPARE(m_checkout.scalar("SELECT tax_cents FROM transaction_log WHERE kind = 'sale'"
                                   " AND order_id = '"
                                   + id + "'"),
                 quote.value(u"tax_cents").toInteger());
        // The child's ticket keeps its own price: what a refund of it pays back (fees kept).
        QCOMPARE(m_checkout.scalar("SELECT price_cents FROM tickets WHERE order_id = '" + id
                                   + "' AND seat_id = '" + held[1].toStdString() + "'"),
                 3000);
    }

    void partialRefundReturnsItsTaxNotTheKeptFees()
    {
        const QStringList held = seats(2);
        const QString holdId = m_checkout.hold(m_event, held, m_clerk);
        QCOMPARE(pick(holdId, {{held[0], QStringLiteral("companion")}}, m_clerk).status, 200);
        // At the counter: 0 + 5000 faces, 2 x 100 fees, no order fee.
        const auto sold = sellCash(holdId);
        QCOMPARE(sold.status, 201);
        const QJsonObject order = sold.json();
        QCOMPARE(order.value(u"amount_cents").toInteger(), 5200);
        QCOMPARE(order.value(u"fee_cents").toInteger(), 200);
        const QString orderId = order.value(u"order_id").toString();
        QString adultTicket;
        for (const QJsonValue &t : order.value(u"tickets").toArray()) {
            if (t.toObject().value(u"seat_id").toString() == held[1])
                adultTicket = t.toObject().value(u"ticket_id").toString();
        }
        QVERIFY(!adultTicket.isEmpty());
        const auto refunded = m_checkout.client().post("/orders/" + orderId.toLatin1() + "/refund",
                                                       QJsonObject{{QStringLiteral("ticket_ids"),
                                                                    QJsonArray{adultTicket}}},
                                                       m_clerk);
        QCOMPARE(refunded.status, 200);
        // 5000 with 7.7 % included: 357 tax; its 100 fee stays with the venue.
        QCOMPARE(refunded.json().value(u"refund").toObject().value(u"amount_cents").toInteger(),
                 5000);
        QCOMPARE(refunded.json().value(u"refunded_cents").toInteger(), 5000);
        const std::string id = orderId.toStdString();
        QCOMPARE(m_checkout.scalar("SELECT refunded_tax_cents FROM orders WHERE id = '" + id + "'"),
                 357);
        QCOMPARE(m_checkout.scalar("SELECT sum(amount_cents) FROM transaction_log WHERE kind ="
                                   " 'refund' AND order_id = '"
                                   + id + "'"),
                 -5000);
        QCOMPARE(m_checkout.scalar("SELECT sum(tax_cents) FROM transaction_log WHERE kind ="
                                   " 'refund' AND order_id = '"
                                   + id + "'"),
                 -357);
        // The rest: the companion's free ticket; the fees (200, 14 of them tax) stay.
        const auto rest = m_checkout.client().post("/orders/" + orderId.toLatin1() + "/refund",
                                                   QJsonObject{},
                                                   m_clerk);
        QCOMPARE(rest.status, 200);
        QCOMPARE(rest.json().value(u"refund").toObject().value(u"amount_cents").toInteger(), 0);
        QCOMPARE(rest.json().value(u"status").toString(), QStringLiteral("refunded"));
        QCOMPARE(m_checkout.scalar("SELECT refunded_cents FROM orders WHERE id = '" + id + "'"),
                 5000);
        QCOMPARE(m_checkout.scalar("SELECT tax_cents - refunded_tax_cents FROM orders WHERE id = '"
                                   + id + "'"),
                 2 * 7);
    }

    void lastTicketsOfATypeGoToExactlyThatManyBuyers()
    {
        // 16 fans, one seat each, all senior (at most 3 per event), order at once.
        QList<HttpRequest> requests;
        for (int i = 0; i < 16; ++i) {
            const QByteArray fan = testToken(QStringLiteral("senior-%1").arg(i),
                                             QStringLiteral("fan"));
            const QStringList held = seats(1);
            const QString holdId = m_checkout.hold(m_event, held, fan);
            QVERIFY(!holdId.isEmpty());
            QCOMPARE(pick(holdId, {{held[0], QStringLiteral("senior")}}, fan).status, 200);
            requests.append(
                HttpClient::request("POST",
                                    "/orders",
                                    QJsonDocument(QJsonObject{{QStringLiteral("hold_id"), holdId}})
                                        .toJson(QJsonDocument::Compact),
                                    fan,
                                    {{"Content-Type", "application/json"}}));
        }
        int created = 0, refused = 0;
        for (const HttpResponse &answer : m_checkout.client().concurrently(requests, 60000)) {
            if (answer.status == 201)
                ++created;
            else if (answer.status == 422 && answer.code() == u"limit_exceeded")
                ++refused;
            else
                QFAIL(qPrintable(QStringLiteral("unexpected %1 %2")
                                     .arg(answer.status)
                                     .arg(QString::fromUtf8(answer.body))));
        }
        QCOMPARE(created, 3);
        QCOMPARE(refused, 13);
        QCOMPARE(m_checkout.scalar(
                     "SELECT count(*) FROM order_lines l JOIN orders o ON"
                     " o.id = l.order_id WHERE l.type_id = 'senior' AND l.kind = 'ticket'"
                     " AND o.event_id = '"
                     + m_event.toStdString() + "'"),
                 3);
    }

    void settlementCountsTheFeesTheVenueKeeps()
    {
        // An event whose refunds pay the fees back: 10 % tax included, at the counter 1.10 a
        // ticket (1.00 + 0.10 tax) and 2.20 an order (2.00 + 0.20 tax).
        const QString event = m_checkout
                                  .createEvent(QStringLiteral("pricing-fees"), 4, 4, 0, 60, 50, 20);
        const QByteArray path = "/events/" + event.toLatin1();
        const QJsonObject fee110{{QStringLiteral("channel"), QStringLiteral("box_office")},
                                 {QStringLiteral("scope"), QStringLiteral("ticket")},
                                 {QStringLiteral("fixed_cents"), 110}};
        const QJsonObject fee220{{QStringLiteral("channel"), QStringLiteral("box_office")},
                                 {QStringLiteral("scope"), QStringLiteral("order")},
                                 {QStringLiteral("fixed_cents"), 220}};
        const int eventVersion
            = m_checkout.client().get(path + "/pricing").json().value(u"version").toInt();
        QCOMPARE(put(path + "/pricing",
                     {{QStringLiteral("fees"), QJsonArray{fee110, fee220}},
                      {QStringLiteral("tax"),
                       QJsonObject{{QStringLiteral("name"), QStringLiteral("IVA")},
                                   {QStringLiteral("rate_percent"), 10}}},
                      {QStringLiteral("refund_fees"), true}},
                     m_manager,
                     eventVersion)
                     .status,
                 200);
        const auto sell = [&](const QStringList &places) {
            const auto sold = sellCash(m_checkout.hold(event, places, m_clerk));
            return sold.json();
        };
        // Two tickets, one refunded with its fee: one ticket fee and the order fee stay.
        const QJsonObject kept = sell({QStringLiteral("S1-1-1"), QStringLiteral("S1-1-2")});
        QCOMPARE(kept.value(u"amount_cents").toInteger(), 2 * 5000 + 2 * 110 + 220);
        const QString ticket
            = kept.value(u"tickets").toArray().at(0).toObject().value(u"ticket_id").toString();
        const auto partly = m_checkout.client()
                                .post("/orders/" + kept.value(u"order_id").toString().toLatin1()
                                          + "/refund",
                                      QJsonObject{
                                          {QStringLiteral("ticket_ids"), QJsonArray{ticket}}},
                                      m_clerk);
        QCOMPARE(partly.json().value(u"refund").toObject().value(u"amount_cents").toInteger(),
                 5000 + 110);
        // One ticket, all of it refunded: no fee stays.
        const QJsonObject gone = sell({QStringLiteral("S1-2-1")});
        QCOMPARE(m_checkout.client()
                     .post("/orders/" + gone.value(u"order_id").toString().toLatin1() + "/refund",
                           QJsonObject{},
                           m_clerk)
                     .json()
                     .value(u"refund")
                     .toObject()
                     .value(u"amount_cents")
                     .toInteger(),
                 5000 + 110 + 220);
        const QJsonObject settlement
            = m_checkout.client().get(path + "/settlement", m_manager).json();
        // 1.00 of the ticket fee and 2.00 of the order fee, without their 0.30 tax.
        QCOMPARE(settlement.value(u"fee_cents").toInteger(), 100 + 200);
        QCOMPARE(settlement.value(u"gross_cents").toInteger(), 5000 + 110 + 220);
        QCOMPARE(settlement.value(u"net_cents").toInteger(),
                 settlement.value(u"gross_cents").toInteger()
                     - settlement.value(u"tax_cents").toInteger() - 300);
        // The ticket kept: 5000 with 455 tax; the fees' tax: 10 + 20.
        QCOMPARE(settlement.value(u"tax_cents").toInteger(), 455 + 10 + 20);
        QCOMPARE(settlement.value(u"net_cents").toInteger(), 5000 - 455);
        // The report shows the fees charged with the sales: 2 x 1.10 + 2.20, and 1.10 + 2.20.
        const QJsonObject totals = m_checkout.client()
                                       .get(path + "/report", m_manager)
                                       .json()
                                       .value(u"totals")
                                       .toArray()
                                       .at(0)
                                       .toObject();
        QCOMPARE(totals.value(u"fee_cents").toInteger(), 2 * 110 + 220 + 110 + 220);
    }

    void anOrderWhoseLinesFailLeavesNoTrace()
    {
        // A fault after the price was computed, in the order's transaction: the lines' insert.
        exec("CREATE FUNCTION pricing_fault() RETURNS trigger LANGUAGE plpgsql AS $$"
             " BEGIN RAISE EXCEPTION 'injected fault'; END $$;"
             " CREATE TRIGGER pricing_fault BEFORE INSERT ON order_lines"
             " FOR EACH STATEMENT EXECUTE FUNCTION pricing_fault()");
        const qint64 logRows = m_checkout.scalar("SELECT count(*) FROM transaction_log");
        const qint64 orders = m_checkout.scalar("SELECT count(*) FROM orders");
        const QString online = m_checkout.hold(m_event, seats(1), m_fan);
        const QString counter = m_checkout.hold(m_event, seats(1), m_clerk);
        const auto failedOnline = m_checkout.order(online, m_fan);
        const auto failedCounter = sellCash(counter);
        exec("DROP TRIGGER pricing_fault ON order_lines; DROP FUNCTION pricing_fault()");
        QCOMPARE(failedOnline.status, 503);
        QCOMPARE(failedCounter.status, 503);
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM orders"), orders);
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM transaction_log"), logRows);
        // Once the fault is gone, the same holds sell.
        QCOMPARE(m_checkout.order(online, m_fan).status, 201);
        QCOMPARE(sellCash(counter).status, 201);
        QCOMPARE(saleViolations(m_checkout.server->databaseUrl()), QString());
    }
};

QTEST_GUILESS_MAIN(TestPricing)
#include "tst_pricing.moc"
