// SPDX-License-Identifier: GPL-3.0-or-later
#include "checkoutfixture.h"

#include "chunkedcsv.h"
#include "sandboxfixture.h"

using namespace boxoffice::test;

// Issue 30, items 2-4: reports, settlement and an event's CSV exports over the transaction
// log. A day of online and counter sales, a refund, an exchange and a comp whose report,
// settlement and CSVs agree to the cent with the log; a day across a daylight-saving change in
// the venue's time zone; the commission's rounding; who may read them; bad input.
class TestMoneyReports : public QObject
{
    Q_OBJECT
private:
    Checkout m_checkout;
    QString m_event;
    int m_row = 0;
    const QByteArray m_clerk = testToken(QStringLiteral("mr-clerk"), QStringLiteral("clerk"));
    const QByteArray m_manager = testToken(QStringLiteral("mr-boss"), QStringLiteral("manager"));

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
    qint64 scalar(const QString &sql) { return m_checkout.scalar(sql.toStdString()); }
    /// The event's log summed over `what` where `when`.
    qint64 logged(const QString &what, const QString &when)
    {
        return scalar(QStringLiteral("SELECT coalesce(sum(%1), 0) FROM transaction_log"
                                     " WHERE event_id = '%2' AND %3")
                          .arg(what, m_event, when));
    }
    void sql(const QString &statement)
    {
        pqxx::connection connection{m_checkout.server->databaseUrl()};
        pqxx::nontransaction work{connection};
        work.exec0(statement.toStdString());
    }
    QJsonObject get(const QByteArray &path, int status = 200)
    {
        const HttpResponse answer = m_checkout.client().get(path, m_manager);
        if (answer.status != status)
            qWarning() << path << answer.status << answer.body;
        return answer.status == status ? answer.json() : QJsonObject();
    }
    QList<QStringList> csv(const QByteArray &path)
    {
        const HttpResponse answer = m_checkout.client().get(path, m_manager);
        if (answer.status != 200)
            return {};
        return parseCsv(dechunk(answer.body));
    }
    HttpResponse setCommission(const QString &event, const QByteArray &body)
    {
        return m_checkout.client().send(
            HttpClient::request("PUT",
                                "/events/" + event.toLatin1() + "/commission",
                                body,
                                m_manager,
                                {{"Content-Type", "application/json"}}));
    }
    /// An event on a venue of its own (`venue`), for rows planted straight into the log.
    QString plantedEvent(const QString &venue, const QString &timeZone)
    {
        const QString event = m_checkout.createEvent(venue, 2, 2, 0, 60);
        sql(QStringLiteral("UPDATE venues SET time_zone = '%1' WHERE id = '%2'")
                .arg(timeZone, venue));
        return event;
    }
    void plantSale(const QString &event,
                   const QString &at,
                   qint64 cents,
                   const QString &kind = "sale")
    {
        sql(QStringLiteral(
                "INSERT INTO transaction_log (created_at, kind, event_id, channel, actor,"
                " method, amount_cents, face_cents) VALUES ('%1', '%2', '%3', 'online',"
                " 'fan', 'card', %4, %4)")
                .arg(at, kind, event)
                .arg(cents));
    }
    static QJsonObject only(const QJsonObject &report)
    {
        const QJsonArray totals = report.value(u"totals").toArray();
        return totals.size() == 1 ? totals.first().toObject() : QJsonObject();
    }
    static qint64 sumColumn(const QList<QStringList> &rows,
                            const QString &column,
                            const std::function<bool(const QStringList &)> &keep = {})
    {
        const qsizetype at = rows.isEmpty() ? -1 : rows.first().indexOf(column);
        qint64 sum = 0;
        for (qsizetype i = 1; i < rows.size() && at >= 0; ++i)
            if (!keep || keep(rows[i]))
                sum += rows[i].value(at).toLongLong();
        return sum;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_checkout.start());
        m_event = m_checkout.createEvent(QStringLiteral("mr"), 40, 4, 0, 60, 50, 40);
        QVERIFY(!m_event.isEmpty());
        QCOMPARE(m_checkout.client()
                     .post("/shifts", QJsonObject{{QStringLiteral("float_cents"), 10000}}, m_clerk)
                     .status,
                 201);
    }

    void aDayAgreesToTheCent()
    {
        // Online: two fans pay by card; one is refunded one of two tickets.
        const QJsonObject online = m_checkout.buy(m_event, seats(2), testToken("mr-fan-1"));
        QCOMPARE(online.value(u"status").toString(), QStringLiteral("paid"));
        QCOMPARE(m_checkout.buy(m_event, seats(1), testToken("mr-fan-2")).value(u"status"),
                 QStringLiteral("paid"));
        const QString firstTicket
            = online.value(u"tickets").toArray().first().toObject().value(u"ticket_id").toString();
        QCOMPARE(m_checkout.client()
                     .post("/orders/" + online.value(u"order_id").toString().toLatin1() + "/refund",
                           QJsonObject{{QStringLiteral("ticket_ids"), QJsonArray{firstTicket}}},
                           m_clerk)
                     .status,
                 200);
        // Counter: cash, then an exchange to another seat, and a comp.
        const auto counter = sell(m_clerk, seats(1), cash(20000));
        QCOMPARE(counter.status, 201);
        const QString counterTicket = counter.json()
                                          .value(u"tickets")
                                          .toArray()
                                          .first()
                                          .toObject()
                                          .value(u"ticket_id")
                                          .toString();
        QCOMPARE(m_checkout.client()
                     .post("/orders/" + counter.json().value(u"order_id").toString().toLatin1()
                               + "/exchange",
                           QJsonObject{{QStringLiteral("ticket_id"), counterTicket},
                                       {QStringLiteral("seat_id"), seats(1).first()},
                                       {QStringLiteral("payment"), cash(0)}},
                           m_clerk)
                     .status,
                 200);
        QCOMPARE(sell(m_manager,
                      seats(1),
                      {{QStringLiteral("method"), QStringLiteral("comp")},
                       {QStringLiteral("reason"), QStringLiteral("press")}})
                     .status,
                 201);

        // The card refund reaches the provider after the answer: wait until its confirmation
        // is logged, so every report below reads the same, settled day.
        const qint64 refunded = scalar("SELECT sum(refunded_cents) FROM orders WHERE event_id = '"
                                       + m_event + "'");
        QVERIFY(refunded > 0);
        QTRY_COMPARE_WITH_TIMEOUT(logged("-amount_cents", "kind = 'payment_refund'"),
                                  refunded,
                                  15000);

        // The event's report against the log.
        const QString money
            = "kind IN ('sale', 'exchange_difference', 'refund') AND method <> 'comp'";
        const qint64 taken = logged("amount_cents", money);
        QVERIFY(taken > 0);
        const QJsonObject report = get("/events/" + m_event.toLatin1() + "/report");
        const QJsonObject totals = only(report);
        QCOMPARE(totals.value(u"taken_cents").toInteger(), taken);
        QCOMPARE(totals.value(u"sales_cents").toInteger(),
                 logged("amount_cents", "kind = 'sale' AND method <> 'comp'"));
        QCOMPARE(totals.value(u"exchange_cents").toInteger(),
                 logged("amount_cents", "kind = 'exchange_difference'"));
        QCOMPARE(totals.value(u"refunded_cents").toInteger(), refunded);
        QCOMPARE(totals.value(u"payment_refunded_cents").toInteger(), refunded);
        QCOMPARE(totals.value(u"refunds").toInteger(), 1);
        QCOMPARE(totals.value(u"comp_tickets").toInteger(), 1);
        QCOMPARE(totals.value(u"captured_cents").toInteger(),
                 logged("amount_cents", "kind = 'capture' AND method <> 'comp'"));
        QCOMPARE(report.value(u"unmatched").toArray(), QJsonArray());
        QVERIFY(report.value(u"period").isNull());
        // Tickets by category: what was issued less voided is what is valid, and its face value
        // (comps apart) is the money taken in, as no fee is charged.
        qint64 net = 0, face = 0;
        for (const QJsonValue line : report.value(u"tickets").toArray()) {
            const QJsonObject l = line.toObject();
            net += l.value(u"issued").toInteger() - l.value(u"voided").toInteger();
            if (!l.value(u"comp").toBool())
                face += l.value(u"issued_face_cents").toInteger()
                        - l.value(u"voided_face_cents").toInteger();
        }
        const qint64 valid = scalar("SELECT count(*) FROM tickets WHERE event_id = '" + m_event
                                    + "' AND status = 'valid'");
        QCOMPARE(net, valid);
        QCOMPARE(face, taken);
        // Capacity: every place once.
        const QJsonObject capacity = report.value(u"capacity").toObject();
        QCOMPARE(capacity.value(u"total").toInteger(), 160);
        QCOMPARE(capacity.value(u"sold").toInteger() + capacity.value(u"comps").toInteger(), valid);
        QCOMPARE(capacity.value(u"comps").toInteger(), 1);
        // Payments by method: card and cash captures add up to what was captured.
        qint64 captured = 0;
        for (const QJsonValue line : report.value(u"payments").toArray())
            if (line.toObject().value(u"method").toString() != u"comp")
                captured += line.toObject().value(u"captured_cents").toInteger();
        QCOMPARE(captured, totals.value(u"captured_cents").toInteger());

        // The venue's day (UTC here) says the same; a channel or a clerk narrows it.
        const QByteArray today = QByteArray::number(scalar("SELECT to_char(now() AT TIME ZONE"
                                                           " 'UTC', 'YYYYMMDD')::bigint"));
        const QByteArray day = today.left(4) + '-' + today.mid(4, 2) + '-' + today.mid(6, 2);
        const QJsonObject daily = get("/reports?venue_id=mr&day=" + day);
        QCOMPARE(only(daily), totals);
        QCOMPARE(daily.value(u"period").toObject().value(u"hours").toDouble(), 24.0);
        QCOMPARE(only(get("/reports?venue_id=mr&day=" + day + "&channel=online"))
                     .value(u"taken_cents")
                     .toInteger(),
                 logged("amount_cents", money + " AND channel = 'online'"));
        QCOMPARE(only(get("/events/" + m_event.toLatin1() + "/report?clerk=mr-clerk"))
                     .value(u"taken_cents")
                     .toInteger(),
                 logged("amount_cents", money + " AND actor = 'mr-clerk'"));

        // Settlement at 12.50 %: gross is what was taken in, nothing is taxed yet.
        const auto set = setCommission(m_event, R"({"commission_bps": 1250})");
        QCOMPARE(set.status, 200);
        const QJsonObject settlement = get("/events/" + m_event.toLatin1() + "/settlement");
        QCOMPARE(settlement.value(u"gross_cents").toInteger(), taken);
        QCOMPARE(settlement.value(u"net_cents").toInteger(), taken - logged("tax_cents", money));
        const qint64 commission = (taken * 1250 + 5000) / 10000;
        QCOMPARE(settlement.value(u"commission_cents").toInteger(), commission);
        QCOMPARE(settlement.value(u"owed_cents").toInteger(), taken - commission);
        QCOMPARE(settlement.value(u"tickets_sold").toInteger(), valid - 1);
        QCOMPARE(scalar("SELECT count(*) FROM audit WHERE action = 'event.commission'"), 1);
        // ... and the same as CSV and PDF.
        const HttpResponse settlementCsv = m_checkout.client().get("/events/" + m_event.toLatin1()
                                                                       + "/settlement.csv",
                                                                   m_manager);
        QCOMPARE(settlementCsv.status, 200);
        const QList<QStringList> items = parseCsv(settlementCsv.body);
        QCOMPARE(items.first(), (QStringList{"item", "value"}));
        QCOMPARE(items.size(), settlement.size() + 1);
        for (qsizetype i = 1; i < items.size(); ++i) {
            if (items[i][0] == u"as_of") // its own snapshot's time, a second later perhaps
                QVERIFY(QDateTime::fromString(items[i][1], Qt::ISODate).isValid());
            else
                QCOMPARE(items[i][1], settlement.value(items[i][0]).toVariant().toString());
        }
        const HttpResponse pdf = m_checkout.client().get("/events/" + m_event.toLatin1()
                                                             + "/settlement.pdf",
                                                         m_manager);
        QCOMPARE(pdf.status, 200);
        QVERIFY(pdf.body.startsWith("%PDF-1.4"));
        QVERIFY(pdf.body.trimmed().endsWith("%%EOF"));

        // The exports, parsed back, add up to the same.
        const auto orders = csv("/events/" + m_event.toLatin1() + "/orders.csv");
        QCOMPARE(orders.value(0).value(0), QStringLiteral("order_id"));
        auto notComp = [&](const QStringList &row) {
            return row.value(orders.first().indexOf("payment_method")) != u"comp"
                   && row.value(orders.first().indexOf("status")) == u"paid";
        };
        QCOMPARE(sumColumn(orders, "amount_cents", notComp)
                     - sumColumn(orders, "refunded_cents", notComp),
                 taken);
        const auto tickets = csv("/events/" + m_event.toLatin1() + "/tickets.csv");
        const qsizetype status = tickets.value(0).indexOf("status");
        QCOMPARE(std::count_if(tickets.begin() + 1,
                               tickets.end(),
                               [&](const QStringList &row) {
                                   return row.value(status) == u"valid";
                               }),
                 valid);
        const auto attendees = csv("/events/" + m_event.toLatin1() + "/attendees.csv");
        QCOMPARE(attendees.size() - 1, valid);
        QCOMPARE(attendees.first().size(), 8);
    }

    void aDayAcrossDaylightSaving()
    {
        // Madrid leaves summer time on 2026-10-25 at 03:00 local: that day has 25 hours.
        const QString event = plantedEvent(QStringLiteral("mr-madrid"), "Europe/Madrid");
        plantSale(event, "2026-10-24T22:30:00Z", 100); // 00:30 on the 25th (CEST)
        plantSale(event, "2026-10-25T22:30:00Z", 200); // 23:30 on the 25th (CET)
        plantSale(event, "2026-10-25T23:30:00Z", 400); // 00:30 on the 26th
        plantSale(event, "2026-10-24T21:30:00Z", 800); // 23:30 on the 24th
        const QJsonObject day = get("/reports?venue_id=mr-madrid&day=2026-10-25");
        QCOMPARE(only(day).value(u"sales_cents").toInteger(), 300);
        const QJsonObject period = day.value(u"period").toObject();
        QCOMPARE(period.value(u"hours").toDouble(), 25.0);
        QCOMPARE(period.value(u"from").toString(), QStringLiteral("2026-10-24T22:00:00Z"));
        QCOMPARE(period.value(u"to").toString(), QStringLiteral("2026-10-25T23:00:00Z"));
        QCOMPARE(period.value(u"time_zone").toString(), QStringLiteral("Europe/Madrid"));
        QCOMPARE(only(get("/reports?venue_id=mr-madrid&day=2026-10-26")).value(u"sales_cents"), 400);
        QCOMPARE(only(get("/events/" + event.toLatin1() + "/report?day=2026-10-24"))
                     .value(u"sales_cents"),
                 800);
        // Spring forward: 23 hours.
        QCOMPARE(get("/reports?venue_id=mr-madrid&day=2026-03-29")
                     .value(u"period")
                     .toObject()
                     .value(u"hours")
                     .toDouble(),
                 23.0);
    }

    void commissionRounding()
    {
        // Half a cent goes away from zero: 12.50 % of 10.04 is 1.255 -> 1.26; of 10.03, 1.25375
        // -> 1.25; of -10.04 (more refunded than sold), -1.26.
        const QString event = plantedEvent(QStringLiteral("mr-round"), "UTC");
        QCOMPARE(setCommission(event, R"({"commission_bps": 1250})").status, 200);
        plantSale(event, "2026-05-01T10:00:00Z", 1004);
        QJsonObject s = get("/events/" + event.toLatin1() + "/settlement");
        QCOMPARE(s.value(u"commission_cents").toInteger(), 126);
        QCOMPARE(s.value(u"owed_cents").toInteger(), 878);
        plantSale(event, "2026-05-01T11:00:00Z", -1, "exchange_difference");
        s = get("/events/" + event.toLatin1() + "/settlement");
        QCOMPARE(s.value(u"net_cents").toInteger(), 1003);
        QCOMPARE(s.value(u"commission_cents").toInteger(), 125);
        plantSale(event, "2026-05-01T12:00:00Z", -2007, "refund");
        s = get("/events/" + event.toLatin1() + "/settlement");
        QCOMPARE(s.value(u"net_cents").toInteger(), -1004);
        QCOMPARE(s.value(u"commission_cents").toInteger(), -126);
        QCOMPARE(s.value(u"owed_cents").toInteger(), -878);
        // All of it, and none of it.
        QCOMPARE(setCommission(event, R"({"commission_bps": 10000})")
                     .json()
                     .value(u"owed_cents")
                     .toInteger(),
                 0);
        QCOMPARE(setCommission(event, R"({"commission_bps": 0})").json().value(u"commission_cents"),
                 0);
    }

    void onlyManagers()
    {
        const QByteArray fan = testToken(QStringLiteral("mr-fan-3"));
        const QByteArray event = "/events/" + m_event.toLatin1();
        const QList<QByteArray> paths{event + "/report",
                                      QByteArray("/reports?venue_id=mr"),
                                      event + "/settlement",
                                      event + "/settlement.pdf",
                                      event + "/settlement.csv",
                                      event + "/orders.csv",
                                      event + "/tickets.csv",
                                      event + "/attendees.csv"};
        for (const QByteArray &path : paths) {
            QCOMPARE(m_checkout.client().get(path, m_clerk).status, 403);
            QCOMPARE(m_checkout.client().get(path, fan).status, 403);
            QCOMPARE(m_checkout.client().get(path).status, 401);
        }
        QCOMPARE(m_checkout.client()
                     .send(HttpClient::request("PUT",
                                               event + "/commission",
                                               R"({"commission_bps": 1})",
                                               m_clerk,
                                               {{"Content-Type", "application/json"}}))
                     .status,
                 403);
    }

    void badInput_data()
    {
        QTest::addColumn<QByteArray>("path");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("field");
        QTest::newRow("malformed day")
            << QByteArray("/reports?venue_id=mr&day=25-10-2026") << 422 << "invalid_field"
            << "day";
        QTest::newRow("no such day")
            << QByteArray("/reports?venue_id=mr&day=2026-02-30") << 422 << "invalid_field"
            << "day";
        QTest::newRow("unknown venue")
            << QByteArray("/reports?venue_id=nowhere&day=2026-10-25") << 422 << "invalid_field"
            << "venue_id";
        QTest::newRow("no venue") << QByteArray("/reports?day=2026-10-25") << 422 << "invalid_field"
                                  << "venue_id";
        QTest::newRow("unknown parameter")
            << QByteArray("/reports?venue_id=mr&month=10") << 400 << "bad_request"
            << "month";
        QTest::newRow("twice") << QByteArray("/reports?venue_id=mr&day=2026-10-25&day=2026-10-26")
                               << 400 << "bad_request"
                               << "day";
        QTest::newRow("venue on an event")
            << QByteArray("/events/00000000-0000-4000-8000-000000000000/report?venue_id=mr") << 400
            << "bad_request"
            << "venue_id";
        QTest::newRow("unknown event")
            << QByteArray("/events/00000000-0000-4000-8000-000000000000/report") << 404
            << "not_found"
            << "";
        QTest::newRow("not an event") << QByteArray("/events/nope/report") << 404 << "not_found"
                                      << "";
        QTest::newRow("no settlement")
            << QByteArray("/events/00000000-0000-4000-8000-000000000000/settlement") << 404
            << "not_found"
            << "";
        QTest::newRow("not an export")
            << QByteArray("/events/nope/orders.csv") << 404 << "not_found"
            << "";
        for (const char *file : {"orders.csv", "tickets.csv", "attendees.csv"})
            QTest::newRow(qPrintable(QStringLiteral("unknown event's %1").arg(file)))
                << QByteArray("/events/00000000-0000-4000-8000-000000000000/" + QByteArray(file))
                << 404 << "not_found"
                << "";
        QTest::newRow("unknown event's settlement.pdf")
            << QByteArray("/events/00000000-0000-4000-8000-000000000000/settlement.pdf") << 404
            << "not_found"
            << "";
        QTest::newRow("bad channel")
            << QByteArray("/reports?venue_id=mr&channel=phone") << 422 << "invalid_field"
            << "channel";
        QTest::newRow("bad channel on an event")
            << QByteArray("/events/00000000-0000-4000-8000-000000000000/report?channel=Online")
            << 422 << "invalid_field"
            << "channel";
        QTest::newRow("bad day on an event")
            << QByteArray("/events/00000000-0000-4000-8000-000000000000/report?day=tomorrow") << 422
            << "invalid_field"
            << "day";
    }
    void badInput()
    {
        QFETCH(QByteArray, path);
        QFETCH(int, status);
        QFETCH(QString, code);
        QFETCH(QString, field);
        const HttpResponse answer = m_checkout.client().get(path, m_manager);
        QCOMPARE(answer.status, status);
        QCOMPARE(answer.code(), code);
        QCOMPARE(answer.json().value(u"field").toString(), field);
    }

    void badCommission_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("field");
        QTest::newRow("too much") << QByteArray(R"({"commission_bps": 10001})") << "commission_bps";
        QTest::newRow("negative") << QByteArray(R"({"commission_bps": -1})") << "commission_bps";
        QTest::newRow("fraction") << QByteArray(R"({"commission_bps": 12.5})") << "commission_bps";
        QTest::newRow("text") << QByteArray(R"({"commission_bps": "12"})") << "commission_bps";
        QTest::newRow("missing") << QByteArray(R"({})") << "commission_bps";
        QTest::newRow("huge") << QByteArray(R"({"commission_bps": 1e300})") << "commission_bps";
    }
    void badCommission()
    {
        QFETCH(QByteArray, body);
        QFETCH(QString, field);
        const HttpResponse answer = setCommission(m_event, body);
        QCOMPARE(answer.status, 422);
        QCOMPARE(answer.code(), QStringLiteral("invalid_field"));
        QCOMPARE(answer.json().value(u"field").toString(), field);
        const HttpResponse unknown = setCommission(m_event, R"({"commission_bps": 1, "rate": 1})");
        QCOMPARE(unknown.status, 400);
        QCOMPARE(unknown.code(), QStringLiteral("bad_request"));
        QCOMPARE(unknown.json().value(u"field").toString(), QStringLiteral("rate"));
        QCOMPARE(setCommission(m_event, "not json").status, 400);
        QCOMPARE(setCommission("00000000-0000-4000-8000-000000000000", R"({"commission_bps": 1})")
                     .status,
                 404);
    }
};

QTEST_GUILESS_MAIN(TestMoneyReports)
#include "tst_moneyreports.moc"
