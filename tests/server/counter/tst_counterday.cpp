// SPDX-License-Identifier: GPL-3.0-or-later
#include "checkoutfixture.h"

#include <QFile>
#include <QJsonDocument>

using namespace boxoffice::test;

// The counter's day on the server: split tender and the drawer by method, will-call search,
// exchanges (with their money, the seat history, a race against a fan's hold, a fault half-way),
// one drawer per shift, and venue time zones.
class TestCounterDay : public QObject
{
    Q_OBJECT
private:
    Checkout m_checkout;
    QString m_event;
    int m_row = 0;
    QByteArray m_clerk = testToken(QStringLiteral("clerk-day"), QStringLiteral("clerk"));
    QByteArray m_manager = testToken(QStringLiteral("boss-day"), QStringLiteral("manager"));

    HttpClient http() const { return m_checkout.client(); }
    std::string db() const { return m_checkout.server->databaseUrl(); }

    /// `count` seats of a fresh row of section `section` (1: category A 50.00, 2: B 30.00).
    QStringList seats(int count, int section = 1)
    {
        ++m_row;
        QStringList out;
        for (int n = 1; n <= count; ++n)
            out.append(QStringLiteral("S%1-%2-%3").arg(section).arg(m_row).arg(n));
        return out;
    }
    HttpResponse sell(const QStringList &which,
                      const QJsonObject &payment,
                      const QByteArray &token = {})
    {
        const QByteArray who = token.isEmpty() ? m_clerk : token;
        const QString holdId = m_checkout.hold(m_event, which, who);
        if (holdId.isEmpty())
            return {};
        return http().post("/orders",
                           QJsonObject{{QStringLiteral("hold_id"), holdId},
                                       {QStringLiteral("payment"), payment}},
                           who);
    }
    static QJsonObject cash(qint64 tendered)
    {
        return {{QStringLiteral("method"), QStringLiteral("cash")},
                {QStringLiteral("tendered_cents"), tendered}};
    }
    static QJsonObject card(const QString &reference = QStringLiteral("TERM-1"))
    {
        return {{QStringLiteral("method"), QStringLiteral("card_present")},
                {QStringLiteral("reference"), reference}};
    }
    static QJsonObject split(qint64 cashCents, qint64 tendered, qint64 cardCents)
    {
        return {{QStringLiteral("method"), QStringLiteral("split")},
                {QStringLiteral("parts"),
                 QJsonArray{QJsonObject{{QStringLiteral("method"), QStringLiteral("cash")},
                                        {QStringLiteral("amount_cents"), cashCents},
                                        {QStringLiteral("tendered_cents"), tendered}},
                            QJsonObject{{QStringLiteral("method"), QStringLiteral("card_present")},
                                        {QStringLiteral("amount_cents"), cardCents},
                                        {QStringLiteral("reference"), QStringLiteral("T-77")}}}}};
    }
    HttpResponse exchange(const QString &orderId,
                          const QString &ticketId,
                          const QString &seatId,
                          const QJsonObject &payment = {},
                          const QByteArray &key = {})
    {
        QJsonObject body{{QStringLiteral("ticket_id"), ticketId},
                         {QStringLiteral("seat_id"), seatId}};
        if (!payment.isEmpty())
            body.insert(QStringLiteral("payment"), payment);
        QList<QPair<QByteArray, QByteArray>> headers;
        if (!key.isEmpty())
            headers.append({"Idempotency-Key", key});
        return http().post("/orders/" + orderId.toLatin1() + "/exchange", body, m_clerk, headers);
    }
    QJsonObject report(const QString &shiftId)
    {
        return http().get("/shifts/" + shiftId.toLatin1() + "/report", m_clerk).json();
    }
    static qint64 byMethod(const QJsonObject &report, const char *method, const char *what)
    {
        return report.value(u"by_method")
            .toObject()
            .value(QLatin1String(method))
            .toObject()
            .value(QLatin1String(what))
            .toInteger();
    }
    static QJsonObject ticketOf(const QJsonObject &order, const QString &status)
    {
        for (const QJsonValue &t : order.value(u"tickets").toArray())
            if (t.toObject().value(u"status").toString() == status)
                return t.toObject();
        return {};
    }
    QString seatStatus(const QString &seatId)
    {
        pqxx::connection connection{db()};
        pqxx::nontransaction work{connection};
        return QString::fromStdString(
            work.exec1("SELECT status FROM inventory WHERE seat_id = "
                       + work.quote(seatId.toStdString())
                       + " AND event_id = " + work.quote(m_event.toStdString()) + "::uuid")[0]
                .as<std::string>());
    }
    void run(const std::string &sql)
    {
        pqxx::connection connection{db()};
        pqxx::nontransaction work{connection};
        work.exec(sql);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_checkout.start({},
                                 {},
                                 {{QStringLiteral("BOXOFFICE_TIME_ZONE"),
                                   QStringLiteral("Europe/Madrid")}}));
        // Two sections: A (50.00) and B (30.00), so exchanges change category and price.
        const EventShape shape = EventShape::seats(40, 6, 2).holding(600, 40, 20);
        const SeededEvent seeded = SeededEvent::create(http(),
                                                       m_manager,
                                                       QStringLiteral("day"),
                                                       shape);
        QVERIFY2(seeded.ok(), seeded.error().constData());
        m_event = seeded.eventId;
        const auto opened = http().post("/shifts",
                                        QJsonObject{{QStringLiteral("float_cents"), 10000},
                                                    {QStringLiteral("drawer"),
                                                     QStringLiteral("Till 1")}},
                                        m_clerk);
        QCOMPARE(opened.status, 201);
        QCOMPARE(opened.json().value(u"drawer").toString(), QStringLiteral("Till 1"));
    }

    void timeZones()
    {
        // The server's default for a venue without one (BOXOFFICE_TIME_ZONE), answered by the
        // venue and the event; starts_at stays UTC.
        const auto venue = http().get("/venues/day").json();
        QCOMPARE(venue.value(u"time_zone").toString(), QStringLiteral("Europe/Madrid"));
        QJsonObject withZone = QJsonDocument::fromJson(venueJson(QStringLiteral("rio"), 1, 2, 2, 0))
                                   .object();
        withZone.insert(QStringLiteral("time_zone"), QStringLiteral("America/Sao_Paulo"));
        QCOMPARE(http().postRaw("/venues", QJsonDocument(withZone).toJson(), m_manager).status, 201);
        const QString eventId = http()
                                    .post("/events", eventJson(QStringLiteral("rio")), m_manager)
                                    .json()
                                    .value(u"id")
                                    .toString();
        const QJsonObject event = http().get("/events/" + eventId.toLatin1()).json();
        QCOMPARE(event.value(u"time_zone").toString(), QStringLiteral("America/Sao_Paulo"));
        QCOMPARE(event.value(u"venue").toObject().value(u"time_zone").toString(),
                 QStringLiteral("America/Sao_Paulo"));
        QCOMPARE(event.value(u"starts_at").toString(), QStringLiteral("2030-06-01T20:00:00Z"));
        // A pretix plan has no zone: it gets the server's default too.
        QFile pretix(qEnvironmentVariable("BOXOFFICE_SOURCE_DIR")
                     + QStringLiteral("/tests/shared/core/data/pretix/kleiner-saal.json"));
        QVERIFY(pretix.open(QIODevice::ReadOnly));
        const auto imported = http().postRaw("/venues?format=pretix", pretix.readAll(), m_manager);
        QVERIFY2(imported.status == 201, imported.body.constData());
        QCOMPARE(http()
                     .get("/venues/" + imported.json().value(u"id").toString().toLatin1())
                     .json()
                     .value(u"time_zone")
                     .toString(),
                 QStringLiteral("Europe/Madrid"));
        // Not a zone: refused with the path, nothing stored.
        withZone.insert(QStringLiteral("id"), QStringLiteral("nowhere"));
        withZone.insert(QStringLiteral("time_zone"), QStringLiteral("Mars/Olympus_Mons"));
        const auto bad = http().postRaw("/venues", QJsonDocument(withZone).toJson(), m_manager);
        QCOMPARE(bad.status, 400);
        QVERIFY2(bad.body.contains("$.time_zone"), bad.body.constData());
        QCOMPARE(http().get("/venues/nowhere").status, 404);
    }

    void splitTender()
    {
        const QString shift
            = http().get("/shifts/current", m_clerk).json().value(u"shift_id").toString();
        QVERIFY(!shift.isEmpty());
        const QJsonObject before = report(shift);
        // Two seats of A: 100.00 = 30.00 cash (40.00 handed over) + 70.00 card.
        const auto sale = sell(seats(2), split(3000, 4000, 7000));
        QCOMPARE(sale.status, 201);
        QCOMPARE(sale.json().value(u"payment").toObject().value(u"method").toString(),
                 QStringLiteral("split"));
        QCOMPARE(sale.json().value(u"change_cents").toInteger(), 1000);
        // Parts that do not add up, a short cash part, a lone part, a third method: refused.
        QCOMPARE(sell(seats(1), split(1000, 1000, 1000)).code(), QStringLiteral("payment_mismatch"));
        QCOMPARE(sell(seats(1), split(3000, 2000, 2000)).code(),
                 QStringLiteral("insufficient_payment"));
        QJsonObject lone = split(5000, 5000, 0);
        lone.insert(QStringLiteral("parts"), QJsonArray{lone.value(u"parts").toArray().first()});
        QCOMPARE(sell(seats(1), lone).status, 400);
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM orders WHERE payment_method = 'split'"), 1);

        const QJsonObject after = report(shift);
        QCOMPARE(byMethod(after, "cash", "sales_cents") - byMethod(before, "cash", "sales_cents"),
                 3000);
        QCOMPARE(byMethod(after, "card_present", "sales_cents")
                     - byMethod(before, "card_present", "sales_cents"),
                 7000);
        QCOMPARE(after.value(u"expected_cash_cents").toInteger()
                     - before.value(u"expected_cash_cents").toInteger(),
                 3000);

        // A partial refund of one ticket (50.00) goes back to the card first.
        const QString orderId = sale.json().value(u"order_id").toString();
        const QString ticket
            = ticketOf(sale.json(), QStringLiteral("valid")).value(u"ticket_id").toString();
        const auto refund = http().post("/orders/" + orderId.toLatin1() + "/refund",
                                        QJsonObject{
                                            {QStringLiteral("ticket_ids"), QJsonArray{ticket}}},
                                        m_clerk);
        QCOMPARE(refund.status, 200);
        const QJsonObject refunded = report(shift);
        QCOMPARE(byMethod(refunded, "card_present", "refunds_cents")
                     - byMethod(after, "card_present", "refunds_cents"),
                 5000);
        QCOMPARE(byMethod(refunded, "cash", "refunds_cents"),
                 byMethod(after, "cash", "refunds_cents"));
        // The rest (50.00): 20.00 card left, then 30.00 cash out of the drawer.
        QCOMPARE(http().post("/orders/" + orderId.toLatin1() + "/refund", {}, m_clerk).status, 200);
        const QJsonObject whole = report(shift);
        QCOMPARE(byMethod(whole, "card_present", "refunds_cents")
                     - byMethod(after, "card_present", "refunds_cents"),
                 7000);
        QCOMPARE(byMethod(whole, "cash", "refunds_cents") - byMethod(after, "cash", "refunds_cents"),
                 3000);
        QCOMPARE(whole.value(u"expected_cash_cents").toInteger(),
                 before.value(u"expected_cash_cents").toInteger());
        QCOMPARE(saleViolations(db()), QString());
    }

    void willCallSearch()
    {
        // A web-shop fan with an e-mail and a name (as registration stores them).
        run("INSERT INTO users (username, password_hash, role, email, name)"
            " VALUES ('fan-ana', 'x', 'fan', 'ana.souza@example.org', 'Ana Souza')");
        const QByteArray fan = testToken(QStringLiteral("fan-ana"));
        const auto sold = sell(seats(2), card(), {});
        QCOMPARE(sold.status, 201);
        // Sold at the counter, then owned by the fan as a web order would be.
        const auto clerkSale = sell(seats(1), card());
        const QString orderId = clerkSale.json().value(u"order_id").toString();
        run("UPDATE orders SET owner = 'fan-ana' WHERE id = '" + orderId.toStdString() + "'");
        const QString code
            = ticketOf(clerkSale.json(), QStringLiteral("valid")).value(u"code").toString();

        auto find = [&](const QString &q) {
            const auto answer = http().get("/orders?q=" + QUrl::toPercentEncoding(q), m_clerk);
            QStringList ids;
            for (const QJsonValue &v : answer.json().value(u"items").toArray())
                ids.append(v.toObject().value(u"order_id").toString());
            return std::make_pair(answer, ids);
        };
        for (const QString &q : {orderId,
                                 orderId.toUpper(),
                                 code,
                                 QStringLiteral("ana.souza@"),
                                 QStringLiteral("souza"),
                                 QStringLiteral("FAN-ANA")}) {
            const auto [answer, ids] = find(q);
            QCOMPARE(answer.status, 200);
            QVERIFY2(ids.contains(orderId), qPrintable(q));
            QVERIFY2(!ids.contains(sold.json().value(u"order_id").toString()), qPrintable(q));
        }
        const auto [one, ids] = find(code);
        const QJsonObject item = one.json().value(u"items").toArray().first().toObject();
        QCOMPARE(item.value(u"customer").toObject().value(u"email").toString(),
                 QStringLiteral("ana.souza@example.org"));
        QCOMPARE(item.value(u"event").toObject().value(u"time_zone").toString(),
                 QStringLiteral("Europe/Madrid"));
        // Finding by code never admits the ticket at the door.
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM tickets WHERE used_at IS NOT NULL"
                                   " AND order_id = '"
                                   + orderId.toStdString() + "'"),
                 0);
        QCOMPARE(find(QStringLiteral("nobody-at-all")).second.size(), 0);
        QCOMPARE(find(QStringLiteral("%")).second.size(), 0); // LIKE wildcards are literal
        QCOMPARE(http().get("/orders?q=a", m_clerk).code(), QStringLiteral("bad_request"));
        QCOMPARE(http().get("/orders?q=souza", fan).status, 403);

        // Printing at the counter is logged; the codes stay the same.
        const QString ticketId
            = item.value(u"tickets").toArray().first().toObject().value(u"ticket_id").toString();
        const auto printed = http().post("/orders/" + orderId.toLatin1() + "/printed",
                                         QJsonObject{
                                             {QStringLiteral("ticket_ids"), QJsonArray{ticketId}}},
                                         m_clerk);
        QCOMPARE(printed.status, 200);
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM audit WHERE action = 'tickets.print'"
                                   " AND subject = '"
                                   + orderId.toStdString() + "'"),
                 1);
        QCOMPARE(http()
                     .get("/orders/" + orderId.toLatin1(), m_clerk)
                     .json()
                     .value(u"tickets")
                     .toArray()
                     .first()
                     .toObject()
                     .value(u"code")
                     .toString(),
                 code);
        QCOMPARE(http()
                     .post("/orders/" + orderId.toLatin1() + "/printed",
                           QJsonObject{{QStringLiteral("ticket_ids"),
                                        QJsonArray{QStringLiteral("not-a-ticket")}}},
                           m_clerk)
                     .code(),
                 QStringLiteral("ticket_not_in_order"));
    }

    void exchangeMovesTheTicket()
    {
        const QString shift
            = http().get("/shifts/current", m_clerk).json().value(u"shift_id").toString();
        const auto sold = sell(seats(1, 1), cash(5000)); // an A seat, 50.00
        QCOMPARE(sold.status, 201);
        const QString orderId = sold.json().value(u"order_id").toString();
        const QJsonObject old = ticketOf(sold.json(), QStringLiteral("valid"));
        const QString oldSeat = old.value(u"seat_id").toString();

        // Same category: no money moves.
        const QString sameSeat = seats(1, 1).first();
        const auto same = exchange(orderId, old.value(u"ticket_id").toString(), sameSeat);
        QCOMPARE(same.status, 200);
        QCOMPARE(same.json().value(u"exchange").toObject().value(u"difference_cents").toInteger(),
                 0);
        const QJsonObject moved
            = same.json().value(u"exchange").toObject().value(u"ticket").toObject();
        QCOMPARE(moved.value(u"seat_id").toString(), sameSeat);
        QCOMPARE(moved.value(u"status").toString(), QStringLiteral("valid"));
        QVERIFY(moved.value(u"code").toString() != old.value(u"code").toString());
        QCOMPARE(seatStatus(oldSeat), QStringLiteral("available"));
        QCOMPARE(seatStatus(sameSeat), QStringLiteral("sold"));
        const auto scanOld = http().post("/tickets/scan",
                                         QJsonObject{{QStringLiteral("code"), old.value(u"code")},
                                                     {QStringLiteral("event_id"), m_event}},
                                         m_clerk);
        QCOMPARE(scanOld.json().value(u"result").toString(), QStringLiteral("void"));
        // The seat history of both seats tells the story.
        QTRY_VERIFY_WITH_TIMEOUT(http()
                                     .get("/events/" + m_event.toLatin1() + "/seats/"
                                              + oldSeat.toLatin1() + "/history",
                                          m_manager)
                                     .body.contains("exchanged"),
                                 10000);
        QTRY_VERIFY_WITH_TIMEOUT(http()
                                     .get("/events/" + m_event.toLatin1() + "/seats/"
                                              + sameSeat.toLatin1() + "/history",
                                          m_manager)
                                     .body.contains("exchanged"),
                                 10000);

        // To a cheaper B seat (30.00): 20.00 back in cash, out of the drawer.
        const QJsonObject before = report(shift);
        const QString cheap = seats(1, 2).first();
        const auto down = exchange(orderId, moved.value(u"ticket_id").toString(), cheap, cash(0));
        QCOMPARE(down.status, 200);
        QCOMPARE(down.json().value(u"exchange").toObject().value(u"difference_cents").toInteger(),
                 -2000);
        QCOMPARE(down.json().value(u"amount_cents").toInteger(), 3000);
        const QJsonObject afterDown = report(shift);
        QCOMPARE(byMethod(afterDown, "cash", "refunds_cents")
                     - byMethod(before, "cash", "refunds_cents"),
                 2000);
        // And back up to A (50.00) with 30.00 handed over: 10.00 change, 20.00 into the drawer.
        const QJsonObject cheapTicket
            = down.json().value(u"exchange").toObject().value(u"ticket").toObject();
        const QString dear = seats(1, 1).first();
        const auto up = exchange(orderId,
                                 cheapTicket.value(u"ticket_id").toString(),
                                 dear,
                                 cash(3000));
        QCOMPARE(up.status, 200);
        QCOMPARE(up.json().value(u"exchange").toObject().value(u"change_cents").toInteger(), 1000);
        QCOMPARE(byMethod(report(shift), "cash", "sales_cents")
                     - byMethod(afterDown, "cash", "sales_cents"),
                 2000);
        const QJsonObject dearTicket
            = up.json().value(u"exchange").toObject().value(u"ticket").toObject();
        // A price difference needs a payment; not enough cash is refused; nothing changes.
        const QString other = seats(1, 2).first();
        QCOMPARE(exchange(orderId, dearTicket.value(u"ticket_id").toString(), other).code(),
                 QStringLiteral("insufficient_payment"));
        QCOMPARE(seatStatus(other), QStringLiteral("available"));
        // A taken seat, a void ticket, another order's ticket, an unknown seat.
        const auto taken = sell(seats(1, 1), card());
        const QString takenSeat
            = ticketOf(taken.json(), QStringLiteral("valid")).value(u"seat_id").toString();
        QCOMPARE(exchange(orderId, dearTicket.value(u"ticket_id").toString(), takenSeat).code(),
                 QStringLiteral("seat_unavailable"));
        QCOMPARE(exchange(orderId, old.value(u"ticket_id").toString(), seats(1, 1).first()).code(),
                 QStringLiteral("ticket_void"));
        QCOMPARE(exchange(orderId,
                          ticketOf(taken.json(), QStringLiteral("valid"))
                              .value(u"ticket_id")
                              .toString(),
                          seats(1, 1).first())
                     .code(),
                 QStringLiteral("ticket_not_in_order"));
        QCOMPARE(exchange(orderId,
                          dearTicket.value(u"ticket_id").toString(),
                          QStringLiteral("Z-9-9"))
                     .status,
                 404);
        // A ticket used at the door is not exchanged.
        const auto scan = http().post("/tickets/scan",
                                      QJsonObject{{QStringLiteral("code"),
                                                   dearTicket.value(u"code")},
                                                  {QStringLiteral("event_id"), m_event}},
                                      m_clerk);
        QCOMPARE(scan.json().value(u"result").toString(), QStringLiteral("valid"));
        QCOMPARE(exchange(orderId, dearTicket.value(u"ticket_id").toString(), seats(1, 1).first())
                     .code(),
                 QStringLiteral("ticket_used"));
        QCOMPARE(http()
                     .post("/orders/" + orderId.toLatin1() + "/exchange",
                           QJsonObject{{QStringLiteral("ticket_id"), dearTicket.value(u"ticket_id")},
                                       {QStringLiteral("seat_id"), seats(1, 1).first()}},
                           testToken(QStringLiteral("fan-x")))
                     .status,
                 403);
        QCOMPARE(saleViolations(db()), QString());
    }

    void exchangeReplaysByKey()
    {
        const auto sold = sell(seats(1, 1), card());
        const QString orderId = sold.json().value(u"order_id").toString();
        const QString ticket
            = ticketOf(sold.json(), QStringLiteral("valid")).value(u"ticket_id").toString();
        const QString target = seats(1, 1).first();
        const auto first = exchange(orderId, ticket, target, {}, "exchange-key-1");
        const auto again = exchange(orderId, ticket, target, {}, "exchange-key-1");
        QCOMPARE(first.status, 200);
        QCOMPARE(again.status, 200);
        QCOMPARE(again.body, first.body);
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM tickets WHERE order_id = '"
                                   + orderId.toStdString() + "'"),
                 2);
    }

    void exchangeRacesAFansHold()
    {
        // Each round: the exchange and a fan's hold go for the same free seat at once. Exactly
        // one wins; the loser is told the seat is taken; never two valid tickets.
        const auto sold = sell(seats(1, 1), card());
        const QString orderId = sold.json().value(u"order_id").toString();
        QString ticket
            = ticketOf(sold.json(), QStringLiteral("valid")).value(u"ticket_id").toString();
        int exchangesWon = 0, holdsWon = 0;
        for (int round = 0; round < 12; ++round) {
            const QString target = seats(1, 1).first();
            const QByteArray fan = testToken(QStringLiteral("racer-%1").arg(round));
            const QList<HttpRequest> requests{
                HttpClient::request("POST",
                                    "/orders/" + orderId.toLatin1() + "/exchange",
                                    QJsonDocument(QJsonObject{{QStringLiteral("ticket_id"), ticket},
                                                              {QStringLiteral("seat_id"), target}})
                                        .toJson(),
                                    m_clerk),
                HttpClient::request("POST",
                                    "/holds",
                                    QJsonDocument(
                                        QJsonObject{{QStringLiteral("event_id"), m_event},
                                                    {QStringLiteral("seats"), QJsonArray{target}}})
                                        .toJson(),
                                    fan)};
            // Alternate which request is written first, so both orders of arrival are tried.
            const bool holdFirst = round % 2 == 1;
            QList<HttpResponse> answers
                = http().concurrently(holdFirst ? QList<HttpRequest>{requests.at(1), requests.at(0)}
                                                : requests,
                                      30000,
                                      true);
            if (holdFirst)
                answers.swapItemsAt(0, 1);
            const bool exchanged = answers.at(0).status == 200;
            const bool held = answers.at(1).status == 201;
            QVERIFY2(exchanged != held,
                     qPrintable(QStringLiteral("round %1: exchange %2 %3, hold %4 %5")
                                    .arg(round)
                                    .arg(answers.at(0).status)
                                    .arg(QString::fromUtf8(answers.at(0).body))
                                    .arg(answers.at(1).status)
                                    .arg(QString::fromUtf8(answers.at(1).body))));
            if (exchanged) {
                ++exchangesWon;
                QCOMPARE(answers.at(1).code(), QStringLiteral("seat_unavailable"));
                ticket = answers.at(0)
                             .json()
                             .value(u"exchange")
                             .toObject()
                             .value(u"ticket")
                             .toObject()
                             .value(u"ticket_id")
                             .toString();
                QCOMPARE(seatStatus(target), QStringLiteral("sold"));
            } else {
                ++holdsWon;
                QCOMPARE(answers.at(0).code(), QStringLiteral("seat_unavailable"));
                QCOMPARE(seatStatus(target), QStringLiteral("held"));
            }
        }
        qInfo("exchange won %d rounds, the fan's hold %d", exchangesWon, holdsWon);
        QCOMPARE(m_checkout.scalar(
                     "SELECT count(*) FROM tickets WHERE status = 'valid' AND order_id = '"
                     + orderId.toStdString() + "'"),
                 1);
        QCOMPARE(saleViolations(db()), QString());
    }

    void exchangeFaultLeavesNothingHalfDone()
    {
        // The database fails while the new ticket is written (a trigger that raises): the whole
        // exchange rolls back - old ticket valid, old seat sold, new seat free, no money booked.
        const QString shift
            = http().get("/shifts/current", m_clerk).json().value(u"shift_id").toString();
        const auto sold = sell(seats(1, 1), cash(5000));
        const QString orderId = sold.json().value(u"order_id").toString();
        const QJsonObject old = ticketOf(sold.json(), QStringLiteral("valid"));
        const QString target = seats(1, 2).first();
        run("CREATE FUNCTION fail_ticket() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
            " IF NEW.seat_id = '"
            + target.toStdString()
            + "' THEN RAISE EXCEPTION 'disk full';"
              " END IF; RETURN NEW; END $$;"
              " CREATE TRIGGER fail_ticket BEFORE INSERT ON tickets FOR EACH ROW"
              " EXECUTE FUNCTION fail_ticket()");
        const qint64 entries = m_checkout.scalar(
            "SELECT count(*) FROM shift_entries WHERE shift_id = '" + shift.toStdString() + "'");
        const auto failed = exchange(orderId, old.value(u"ticket_id").toString(), target, cash(0));
        run("DROP TRIGGER fail_ticket ON tickets; DROP FUNCTION fail_ticket()");
        QVERIFY2(failed.status >= 500 || failed.status == 409, failed.body.constData());
        QVERIFY(failed.status != 500);
        QCOMPARE(failed.json().value(u"type").isString(), true); // problem+json
        const QJsonObject after = http().get("/orders/" + orderId.toLatin1(), m_clerk).json();
        QCOMPARE(after.value(u"amount_cents").toInteger(), 5000);
        QCOMPARE(ticketOf(after, QStringLiteral("valid")).value(u"ticket_id"),
                 old.value(u"ticket_id"));
        QCOMPARE(after.value(u"tickets").toArray().size(), 1);
        QCOMPARE(seatStatus(old.value(u"seat_id").toString()), QStringLiteral("sold"));
        QCOMPARE(seatStatus(target), QStringLiteral("available"));
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM shift_entries WHERE shift_id = '"
                                   + shift.toStdString() + "'"),
                 entries);
        // Once the database is well, the same exchange goes through.
        QCOMPARE(exchange(orderId, old.value(u"ticket_id").toString(), target, cash(0)).status, 200);
        QCOMPARE(saleViolations(db()), QString());
    }

    void oneShiftPerDrawer()
    {
        const QByteArray second = testToken(QStringLiteral("clerk-two"), QStringLiteral("clerk"));
        const auto locked = http().post("/shifts",
                                        QJsonObject{{QStringLiteral("float_cents"), 5000},
                                                    {QStringLiteral("drawer"),
                                                     QStringLiteral("Till 1")}},
                                        second);
        QCOMPARE(locked.status, 409);
        QCOMPARE(locked.code(), QStringLiteral("drawer_in_use"));
        QCOMPARE(locked.json().value(u"clerk").toString(), QStringLiteral("clerk-day"));
        const auto asked = http().get("/shifts/current?drawer=Till%201", second);
        QCOMPARE(asked.code(), QStringLiteral("drawer_in_use"));
        // The first clerk picks the shift up from any workstation; another till is free.
        QCOMPARE(http().get("/shifts/current?drawer=Till%201", m_clerk).status, 200);
        const auto elsewhere = http().post("/shifts",
                                           QJsonObject{{QStringLiteral("float_cents"), 5000},
                                                       {QStringLiteral("drawer"),
                                                        QStringLiteral("Till 2")}},
                                           second);
        QCOMPARE(elsewhere.status, 201);
        QCOMPARE(http().get("/shifts/current?drawer=Till%202", second).status, 200);
        QCOMPARE(http()
                     .post("/shifts",
                           QJsonObject{{QStringLiteral("float_cents"), 5000},
                                       {QStringLiteral("drawer"), 7}},
                           second)
                     .status,
                 400);
    }

    void cleanupTestCase() { QCOMPARE(saleViolations(db()), QString()); }
};

QTEST_GUILESS_MAIN(TestCounterDay)
#include "tst_counterday.moc"
