// SPDX-License-Identifier: GPL-3.0-or-later
// A code that opens the seats held back for an allocation (issue 28 item 2) against real
// PostgreSQL and the payment sandbox: the seats stay closed without it; with it a fan sees them,
// holds them and pays online; the code stays on the hold; its uses are counted in the order's
// transaction, in all and per fan, however many fans race; seats a fan lets go go back to the
// allocation; a failure half way leaves the seats where they were.
#include "checkoutfixture.h"

using namespace boxoffice::test;

class TestVoucherSeats : public QObject
{
    Q_OBJECT
private:
    Checkout m_checkout;
    QString m_event;
    QString m_otherEvent;
    QByteArray m_manager = testToken(QStringLiteral("seats-manager"), QStringLiteral("manager"));
    QByteArray m_fan = testToken(QStringLiteral("club-fan"), QStringLiteral("fan"));

    static QByteArray json(const QJsonObject &body)
    {
        return QJsonDocument(body).toJson(QJsonDocument::Compact);
    }
    HttpResponse send(const QByteArray &method,
                      const QByteArray &path,
                      const QJsonObject &body,
                      const QByteArray &token)
    {
        return m_checkout.client().send(HttpClient::request(method,
                                                            path,
                                                            json(body),
                                                            token,
                                                            {{"Content-Type", "application/json"}}));
    }
    HttpRequest holdRequest(const QStringList &seats, const QString &code, const QByteArray &token)
    {
        return HttpClient::request("POST",
                                   "/holds",
                                   json({{QStringLiteral("event_id"), m_event},
                                         {QStringLiteral("seats"),
                                          QJsonArray::fromStringList(seats)},
                                         {QStringLiteral("voucher"), code}}),
                                   token,
                                   {{"Content-Type", "application/json"}});
    }
    HttpResponse holdWithCode(const QStringList &seats, const QString &code, const QByteArray &token)
    {
        return m_checkout.client().send(holdRequest(seats, code, token));
    }
    HttpResponse unlock(const QString &eventId, const QString &code, const QByteArray &token)
    {
        return send("POST",
                    "/events/" + eventId.toLatin1() + "/unlock",
                    {{QStringLiteral("code"), code}},
                    token);
    }
    qint64 scalar(const std::string &sql) { return m_checkout.scalar(sql); }
    // Seats of the allocation: blocked and held back for it.
    qint64 inAllocation()
    {
        return scalar("SELECT count(*) FROM holdbacks b JOIN inventory i USING (event_id, seat_id)"
                      " WHERE b.event_id = '"
                      + m_event.toStdString()
                      + "' AND b.allocation = 'fanclub' AND i.status = 'blocked'");
    }
    qint64 holds() { return scalar("SELECT count(*) FROM holds"); }
    QString pay(const QString &holdId, const QByteArray &fan)
    {
        const auto started = m_checkout.order(holdId, fan);
        if (started.status != 201)
            return {};
        m_checkout.confirm(started.json().value(u"payment").toObject().value(u"intent_id").toString(),
                           QStringLiteral("4242424242424242"));
        const QString orderId = started.json().value(u"order_id").toString();
        return m_checkout.waitOrder(orderId, fan, QStringLiteral("paid")).value(u"status").toString()
                       == u"paid"
                   ? orderId
                   : QString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_checkout.start());
        m_event = m_checkout.createEvent(QStringLiteral("voucher-seats"), 4, 4, 0, 300, 10, 3);
        m_otherEvent = m_checkout.createEvent(QStringLiteral("voucher-seats-2"), 2, 4, 0, 300);
        QVERIFY(!m_event.isEmpty() && !m_otherEvent.isEmpty());
        // Row 1 and row 2 held back for the fan club; the counter may not sell them.
        QStringList club;
        for (int row = 1; row <= 2; ++row)
            for (int n = 1; n <= 4; ++n)
                club.append(QStringLiteral("S1-%1-%2").arg(row).arg(n));
        QCOMPARE(send("PUT",
                      "/events/" + m_event.toLatin1() + "/holdbacks",
                      {{QStringLiteral("seats"), QJsonArray::fromStringList(club)},
                       {QStringLiteral("kind"), QStringLiteral("allocation")},
                       {QStringLiteral("allocation"), QStringLiteral("fanclub")}},
                      m_manager)
                     .status,
                 200);
        // Opens the seats and takes nothing off; four orders in all, one per fan.
        const auto created = send("POST",
                                  "/vouchers",
                                  {{QStringLiteral("code"), QStringLiteral("FanClub")},
                                   {QStringLiteral("events"), QJsonArray{m_event}},
                                   {QStringLiteral("kind"), QStringLiteral("percent_off")},
                                   {QStringLiteral("percent"), 0},
                                   {QStringLiteral("allocation"), QStringLiteral("fanclub")},
                                   {QStringLiteral("max_uses"), 4},
                                   {QStringLiteral("max_per_fan"), 1}},
                                  m_manager);
        QCOMPARE(created.status, 201);
        QCOMPARE(created.json().value(u"allocation").toString(), QStringLiteral("fanclub"));
        QCOMPARE(send("POST",
                      "/vouchers",
                      {{QStringLiteral("code"), QStringLiteral("Half50")},
                       {QStringLiteral("events"), QJsonArray{m_event}},
                       {QStringLiteral("kind"), QStringLiteral("percent_off")},
                       {QStringLiteral("percent"), 50}},
                      m_manager)
                     .status,
                 201);
    }

    void aCodeThatOpensNothingIsRefused()
    {
        // 0 % off is only for a code that opens seats.
        const auto zero = send("POST",
                               "/vouchers",
                               {{QStringLiteral("code"), QStringLiteral("Nothing0")},
                                {QStringLiteral("events"), QJsonArray{m_event}},
                                {QStringLiteral("kind"), QStringLiteral("percent_off")},
                                {QStringLiteral("percent"), 0}},
                               m_manager);
        QCOMPARE(zero.status, 422);
        QCOMPARE(zero.json().value(u"field").toString(), QStringLiteral("percent"));
        const qint64 before = holds();
        // Without the code the seats are not for sale, and a fan cannot name the allocation.
        QCOMPARE(m_checkout.client()
                     .post("/holds",
                           QJsonObject{{QStringLiteral("event_id"), m_event},
                                       {QStringLiteral("seats"),
                                        QJsonArray{QStringLiteral("S1-1-1")}}},
                           m_fan)
                     .code(),
                 QStringLiteral("seat_unavailable"));
        QCOMPARE(m_checkout.client()
                     .post("/holds",
                           QJsonObject{{QStringLiteral("event_id"), m_event},
                                       {QStringLiteral("seats"),
                                        QJsonArray{QStringLiteral("S1-1-1")}},
                                       {QStringLiteral("allocation"), QStringLiteral("fanclub")}},
                           m_fan)
                     .status,
                 403);
        // Unknown, opening nothing, another event's: each says why.
        QCOMPARE(unlock(m_event, QStringLiteral("NOPE123"), m_fan).code(),
                 QStringLiteral("voucher_unknown"));
        QCOMPARE(unlock(m_event, QStringLiteral("half50"), m_fan).code(),
                 QStringLiteral("voucher_not_applicable"));
        QCOMPARE(unlock(m_otherEvent, QStringLiteral("fanclub"), m_fan).code(),
                 QStringLiteral("voucher_not_applicable"));
        QCOMPARE(holdWithCode({QStringLiteral("S1-1-1")}, QStringLiteral("half50"), m_fan).code(),
                 QStringLiteral("voucher_not_applicable"));
        QCOMPARE(holdWithCode({QStringLiteral("S1-1-1")}, QStringLiteral("nope123"), m_fan).code(),
                 QStringLiteral("voucher_not_applicable"));
        // A seat outside the allocation with the code: refused, naming it.
        const auto outside = holdWithCode({QStringLiteral("S1-1-1"), QStringLiteral("S1-3-1")},
                                          QStringLiteral("fanclub"),
                                          m_fan);
        QCOMPARE(outside.code(), QStringLiteral("seat_unavailable"));
        QCOMPARE(outside.json().value(u"seats").toArray(), QJsonArray{QStringLiteral("S1-3-1")});
        QCOMPARE(holds(), before);
        QCOMPARE(inAllocation(), 8);
    }

    void aFanWithTheCodeBuysOnline()
    {
        const auto opened = unlock(m_event, QStringLiteral("FANCLUB"), m_fan);
        QCOMPARE(opened.status, 200);
        QCOMPARE(opened.json().value(u"code").toString(), QStringLiteral("FanClub"));
        QCOMPARE(opened.json().value(u"seats").toArray().size(), 8);
        const auto held = holdWithCode({QStringLiteral("S1-1-1")}, QStringLiteral("fanclub"), m_fan);
        QCOMPARE(held.status, 201);
        const QString holdId = held.json().value(u"hold_id").toString();
        QCOMPARE(held.json().value(u"allocation").toString(), QStringLiteral("fanclub"));
        // The code stays: without it the seat could not be sold.
        const QByteArray voucherPath = "/holds/" + holdId.toLatin1() + "/voucher";
        QCOMPARE(m_checkout.client()
                     .send(HttpClient::request("DELETE", voucherPath, {}, m_fan))
                     .status,
                 409);
        QCOMPARE(send("PUT", voucherPath, {{QStringLiteral("code"), QStringLiteral("half50")}}, m_fan)
                     .status,
                 409);
        const QJsonObject quote
            = m_checkout.client().get("/holds/" + holdId.toLatin1() + "/quote", m_fan).json();
        QCOMPARE(quote.value(u"voucher").toString(), QStringLiteral("FanClub"));
        const QString orderId = pay(holdId, m_fan);
        QVERIFY(!orderId.isEmpty());
        QCOMPARE(scalar(
                     "SELECT count(*) FROM orders WHERE voucher = 'fanclub' AND status = 'paid'"),
                 1);
        QCOMPARE(scalar("SELECT count(*) FROM inventory WHERE seat_id = 'S1-1-1' AND event_id = '"
                        + m_event.toStdString() + "' AND status = 'sold'"),
                 1);
        QCOMPARE(inAllocation(), 7);
        // Once per fan: a second hold with the code is refused and keeps nothing.
        const qint64 before = holds();
        const auto again = holdWithCode({QStringLiteral("S1-1-2")},
                                        QStringLiteral("fanclub"),
                                        m_fan);
        QCOMPARE(again.code(), QStringLiteral("voucher_used_up"));
        QCOMPARE(unlock(m_event, QStringLiteral("fanclub"), m_fan).code(),
                 QStringLiteral("voucher_used_up"));
        QCOMPARE(holds(), before);
        QCOMPARE(inAllocation(), 7);
    }

    void seatsLetGoGoBackToTheAllocation()
    {
        const QByteArray fan = testToken(QStringLiteral("leaver"), QStringLiteral("fan"));
        const qint64 before = inAllocation();
        const auto held = holdWithCode({QStringLiteral("S1-1-4")}, QStringLiteral("fanclub"), fan);
        QCOMPARE(held.status, 201);
        QCOMPARE(inAllocation(), before - 1);
        const auto released = m_checkout.client().send(
            HttpClient::request("DELETE",
                                "/holds/" + held.json().value(u"hold_id").toString().toLatin1(),
                                {},
                                fan));
        QVERIFY2(released.status == 200 || released.status == 204, released.body.constData());
        QCOMPARE(inAllocation(), before);
        // Still closed to anyone without the code.
        QCOMPARE(m_checkout.hold(m_event, {QStringLiteral("S1-1-4")}, fan), QString());
    }

    void aFailureHalfWayKeepsNothing()
    {
        const QByteArray fan = testToken(QStringLiteral("unlucky"), QStringLiteral("fan"));
        const qint64 before = inAllocation();
        const qint64 holdsBefore = holds();
        {
            pqxx::connection connection{m_checkout.server->databaseUrl()};
            pqxx::nontransaction work{connection};
            work.exec("CREATE FUNCTION code_fault() RETURNS trigger LANGUAGE plpgsql AS $$"
                      " BEGIN RAISE EXCEPTION 'injected fault'; END $$;"
                      " CREATE TRIGGER code_fault BEFORE INSERT ON hold_vouchers"
                      " FOR EACH ROW EXECUTE FUNCTION code_fault()");
        }
        const auto failed = holdWithCode({QStringLiteral("S1-1-4")}, QStringLiteral("fanclub"), fan);
        {
            pqxx::connection connection{m_checkout.server->databaseUrl()};
            pqxx::nontransaction work{connection};
            work.exec("DROP TRIGGER code_fault ON hold_vouchers; DROP FUNCTION code_fault()");
        }
        QCOMPARE(failed.status, 503);
        QCOMPARE(holds(), holdsBefore);
        QCOMPARE(inAllocation(), before);
        // Once the fault is gone the same request holds the seat.
        QCOMPARE(holdWithCode({QStringLiteral("S1-1-4")}, QStringLiteral("fanclub"), fan).status,
                 201);
    }

    void fansRacingGetEachSeatOnceAndTheUsesTheCodeHas()
    {
        // Eight fans want S1-1-2 at once: one holds it.
        QList<HttpRequest> same;
        for (int i = 0; i < 8; ++i)
            same.append(
                holdRequest({QStringLiteral("S1-1-2")},
                            QStringLiteral("FanClub"),
                            testToken(QStringLiteral("racer-%1").arg(i), QStringLiteral("fan"))));
        int won = 0;
        for (const HttpResponse &answer : m_checkout.client().concurrently(same, 60000)) {
            if (answer.status == 201)
                ++won;
            else
                QCOMPARE(answer.code(), QStringLiteral("seat_unavailable"));
        }
        QCOMPARE(won, 1);
        // Five fans with a seat each order at once; three uses are left: three orders.
        QList<HttpRequest> orders;
        QList<QByteArray> fans;
        for (int i = 0; i < 5; ++i) {
            const QByteArray fan = testToken(QStringLiteral("buyer-%1").arg(i),
                                             QStringLiteral("fan"));
            const QString seat = i < 4 ? QStringLiteral("S1-2-%1").arg(i + 1)
                                       : QStringLiteral("S1-1-3");
            const auto held = holdWithCode({seat}, QStringLiteral("fanclub"), fan);
            QCOMPARE(held.status, 201);
            orders.append(HttpClient::request("POST",
                                              "/orders",
                                              json({{QStringLiteral("hold_id"),
                                                     held.json().value(u"hold_id").toString()}}),
                                              fan,
                                              {{"Content-Type", "application/json"}}));
            fans.append(fan);
        }
        int created = 0, usedUp = 0;
        for (const HttpResponse &answer : m_checkout.client().concurrently(orders, 60000)) {
            if (answer.status == 201)
                ++created;
            else if (answer.code() == u"voucher_used_up")
                ++usedUp;
            else
                QFAIL(answer.body.constData());
        }
        QCOMPARE(created, 3);
        QCOMPARE(usedUp, 2);
        QCOMPARE(scalar("SELECT count(*) FROM orders WHERE voucher = 'fanclub'"
                        " AND status IN ('pending', 'paid')"),
                 4);
        // No seat in two live holds or orders.
        QCOMPARE(scalar("SELECT count(*) FROM (SELECT unnest(seats) s FROM holds"
                        " WHERE status = 'active' GROUP BY 1 HAVING count(*) > 1) twice"),
                 0);
    }
};

QTEST_GUILESS_MAIN(TestVoucherSeats)
#include "tst_voucherseats.moc"
