// SPDX-License-Identifier: GPL-3.0-or-later
#include "checkoutfixture.h"
#include "mailboxfixture.h"
#include "wsclient.h"

#include <QRegularExpression>

#include <thread>

// A fan's data (issue 29 item 4, docs/privacy.md) over a real server, sandbox, PostgreSQL and
// SMTP server: the download holds the fan's orders, tickets and transfers and nothing of another
// fan; an erasure anonymises every row that named the fan, keeps the money, the tickets and the
// issued invoices as they were (the reconciliation still balances), ends every session (the
// WebSocket's too, on every server), mails a confirmation once, and frees the address for a new
// sign-up. An erasure racing a checkout ends one way; a failure or a killed connection in the
// middle leaves nothing half erased.
using namespace boxoffice::test;

class AccountDataTest : public QObject
{
    Q_OBJECT

    Mailbox m_mailbox;
    Checkout m_checkout;
    QString m_event; // a show still to come
    QString m_past;  // a show that is over (its tickets do not hold an erasure back)
    int m_fans = 0;
    int m_row = 0;
    int m_pastRow = 0;

    struct Fan
    {
        QString email;
        QByteArray token;
    };
    static constexpr const char *kPassword = "correct horse battery";

    HttpClient client() const { return m_checkout.client(); }
    qint64 scalar(const QString &sql) { return m_checkout.scalar(sql.toStdString()); }
    void sql(const QString &statement) { m_checkout.scalar(statement.toStdString()); }

    Fan signUp(const QString &prefix, const QString &locale = QStringLiteral("en"))
    {
        const QString email = QStringLiteral("%1-%2@Example.org").arg(prefix).arg(++m_fans);
        const auto answer = client().post("/auth/register",
                                          QJsonObject{{QStringLiteral("email"), email},
                                                      {QStringLiteral("password"),
                                                       QString::fromLatin1(kPassword)},
                                                      {QStringLiteral("name"),
                                                       QStringLiteral("Fan %1").arg(prefix)},
                                                      {QStringLiteral("locale"), locale}});
        return {email, answer.json().value(u"access_token").toString().toLatin1()};
    }
    QStringList seats(bool past, int count)
    {
        const int row = past ? ++m_pastRow : ++m_row;
        QStringList out;
        for (int n = 1; n <= count; ++n)
            out.append(QStringLiteral("S1-%1-%2").arg(row).arg(n));
        return out;
    }
    QJsonObject buy(const Fan &fan, int count, bool past = false)
    {
        return m_checkout.buy(past ? m_past : m_event, seats(past, count), fan.token);
    }
    HttpResponse erase(const QByteArray &token, const QByteArray &body)
    {
        return client().send(HttpClient::request("DELETE",
                                                 "/me",
                                                 body,
                                                 token,
                                                 {{"Content-Type", "application/json"}}));
    }
    HttpResponse erase(const Fan &fan, const QString &password = QString::fromLatin1(kPassword))
    {
        return erase(fan.token,
                     QJsonDocument(QJsonObject{{QStringLiteral("password"), password}})
                         .toJson(QJsonDocument::Compact));
    }
    HttpResponse login(const QString &email, const QString &password)
    {
        return client().post("/auth/login",
                             QJsonObject{{QStringLiteral("email"), email},
                                         {QStringLiteral("password"), password}});
    }
    // Passes `ticketId` from `from` to `to` through the mailed link.
    bool give(const QString &ticketId, const Fan &from, const Fan &to)
    {
        if (client()
                .post("/tickets/" + ticketId.toLatin1() + "/transfer",
                      QJsonObject{{QStringLiteral("email"), to.email}},
                      from.token)
                .status
            != 202)
            return false;
        static const QRegularExpression link(
            QStringLiteral("/account/transfer#token=([A-Za-z0-9_-]+)"));
        QElapsedTimer timer;
        timer.start();
        while (timer.elapsed() < 15000) {
            for (const QJsonObject &mail : m_mailbox.waitFor(to.email.toLower(), 1, 200)) {
                const auto match = link.match(mail.value(u"text").toString());
                if (match.hasMatch())
                    return client()
                               .post("/transfers/accept",
                                     QJsonObject{{QStringLiteral("token"), match.captured(1)}},
                                     to.token)
                               .status
                           == 200;
            }
        }
        return false;
    }
    // Rows anywhere that still name `email` (the fan's name in the records is its lower case).
    qint64 traces(const QString &email)
    {
        const QString e = email.toLower();
        return scalar(
            QStringLiteral("SELECT (SELECT count(*) FROM users WHERE lower(username) = '%1'"
                           "   OR lower(email) = '%1')"
                           " + (SELECT count(*) FROM orders WHERE owner = '%1'"
                           "   OR lower(contact_email) = '%1')"
                           " + (SELECT count(*) FROM holds WHERE owner = '%1')"
                           " + (SELECT count(*) FROM inventory WHERE owner = '%1')"
                           " + (SELECT count(*) FROM tickets WHERE holder = '%1')"
                           " + (SELECT count(*) FROM ticket_transfers WHERE sender = '%1'"
                           "   OR accepted_by = '%1' OR lower(recipient_email) = '%1')"
                           " + (SELECT count(*) FROM transaction_log WHERE actor = '%1')"
                           " + (SELECT count(*) FROM mail_jobs WHERE lower(recipient) = '%1')"
                           " + (SELECT count(*) FROM outbox WHERE payload->>'owner' = '%1')"
                           // (the erasure's confirmation keeps the address until it is sent)
                           " + (SELECT count(*) FROM account_mails WHERE lower(recipient) = '%1'"
                           "   AND kind <> 'erased')"
                           " + (SELECT count(*) FROM transfer_mails WHERE lower(recipient) = '%1')"
                           " + (SELECT count(*) FROM idempotency_keys WHERE owner = '%1')"
                           " + (SELECT count(*) FROM waiting_entries WHERE username = '%1')"
                           " + (SELECT count(*) FROM waiting_mails WHERE lower(recipient) = '%1')"
                           " + (SELECT count(*) FROM audit WHERE actor = '%1'"
                           "   OR details::text ILIKE '%%%1%%')")
                .arg(e));
    }
    // The financial records of `owner`'s orders, as one fingerprint: amounts, statuses,
    // payments, tickets, issued invoices (every column of them).
    QString money(const QString &where)
    {
        pqxx::connection connection{m_checkout.server->databaseUrl()};
        pqxx::nontransaction work{connection};
        const std::string w = where.toStdString();
        const auto row = work.exec1(
            "SELECT md5(coalesce(string_agg(o.id || o.status || o.amount_cents || o.refunded_cents,"
            " ',' ORDER BY o.id), '')),"
            " (SELECT md5(coalesce(string_agg(a.id || a.status || a.amount_cents, ',' ORDER BY"
            "   a.id), '')) FROM payment_attempts a WHERE a.order_id IN (SELECT id FROM orders o"
            "   WHERE "
            + w
            + ")),"
              " (SELECT md5(coalesce(string_agg(t.id || t.status || t.code || coalesce(t.seat_id,"
              "   ''), ',' ORDER BY t.id), '')) FROM tickets t WHERE t.order_id IN (SELECT id FROM"
              "   orders o WHERE "
            + w
            + ")),"
              " (SELECT md5(coalesce(string_agg(to_jsonb(i)::text, ',' ORDER BY i.organiser,"
              "   i.number), '')) FROM invoices i WHERE i.order_id IN (SELECT id FROM orders o"
              "   WHERE "
            + w
            + ")),"
              " (SELECT md5(coalesce(string_agg(l.seq || l.kind || l.amount_cents, ',' ORDER BY"
              "   l.seq), '')) FROM transaction_log l WHERE l.order_id IN (SELECT id FROM orders o"
              "   WHERE "
            + w
            + "))"
              " FROM orders o WHERE "
            + w);
        QString out;
        for (const auto &field : row)
            out += QString::fromStdString(field.c_str()) + u'/';
        return out;
    }
    int reconcile(const QString &event, QString *output = nullptr)
    {
        QByteArray out;
        const int code = ServerProcess::run({QStringLiteral("reconcile"),
                                             QStringLiteral("--event"),
                                             event,
                                             QStringLiteral("--database-url"),
                                             QString::fromStdString(
                                                 m_checkout.server->databaseUrl())},
                                            &out);
        if (output)
            *output = QString::fromUtf8(out);
        return code;
    }
    // The mails to `email` whose subject starts with `subject`, once `count` have come (or not).
    QList<QJsonObject> mailsTo(const QString &email, const QString &subject, int count)
    {
        QList<QJsonObject> out;
        QElapsedTimer timer;
        timer.start();
        do {
            out.clear();
            for (const QJsonObject &mail : m_mailbox.waitFor(email.toLower(), 1, 200)) {
                if (mail.value(u"subject").toString().startsWith(subject))
                    out.append(mail);
            }
            if (out.size() >= count)
                break;
            QTest::qWait(100);
        } while (timer.elapsed() < 15000);
        return out;
    }
    static void refused(const HttpResponse &answer, int status, const char *code)
    {
        QVERIFY2(answer.status == status && answer.code() == QLatin1String(code),
                 qPrintable(
                     QStringLiteral("%1 %2").arg(answer.status).arg(QString::fromUtf8(answer.body))));
        QCOMPARE(answer.header("content-type"), QByteArray("application/problem+json"));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_mailbox.start());
        QVERIFY(m_checkout.start({},
                                 {},
                                 {{QStringLiteral("BOXOFFICE_SMTP_URL"), m_mailbox.url()},
                                  {QStringLiteral("BOXOFFICE_MAIL_FROM"),
                                   QStringLiteral("Box Office <tickets@boxoffice.test>")},
                                  {QStringLiteral("BOXOFFICE_PUBLIC_URL"),
                                   QStringLiteral("https://shop.boxoffice.test")},
                                  {QStringLiteral("BOXOFFICE_MAIL_POLL_MS"), QStringLiteral("100")},
                                  {QStringLiteral("BOXOFFICE_LOGIN_IP_PER_MINUTE"),
                                   QStringLiteral("0")},
                                  {QStringLiteral("BOXOFFICE_LOGIN_ACCOUNT_PER_MINUTE"),
                                   QStringLiteral("0")}}));
        m_event = m_checkout.createEvent(QStringLiteral("data-future"), 30, 10, 0, 60, 10, 10);
        m_past = m_checkout.createEvent(QStringLiteral("data-past"), 30, 10, 0, 60, 10, 10);
        QVERIFY(!m_event.isEmpty() && !m_past.isEmpty());
    }

    void downloadHoldsTheFansDataAndNothingElse()
    {
        const Fan ana = signUp(QStringLiteral("ana"));
        const Fan bea = signUp(QStringLiteral("bea"));
        const QJsonObject anaOrder = buy(ana, 2);
        const QJsonObject beaOrder = buy(bea, 1);
        QCOMPARE(anaOrder.value(u"status").toString(), QStringLiteral("paid"));
        QCOMPARE(beaOrder.value(u"status").toString(), QStringLiteral("paid"));
        const QString given = anaOrder[u"tickets"][0][u"ticket_id"].toString();
        QVERIFY(give(given, ana, bea));
        // A place on a waiting list (written as the list would: the list itself is tested
        // in tst_waitinglist).
        sql(QStringLiteral("INSERT INTO waiting_entries (event_id, username, quantity)"
                           " VALUES ('%1', '%2', 2) RETURNING id")
                .arg(m_event, ana.email.toLower()));

        const auto answer = client().get("/me/data", ana.token);
        QCOMPARE(answer.status, 200);
        QVERIFY(answer.header("content-disposition").startsWith("attachment;"));
        QCOMPARE(answer.header("cache-control"), QByteArray("no-store"));
        const QJsonObject data = answer.json();
        QCOMPARE(data[u"format"].toString(), QStringLiteral("boxoffice.personal-data/1"));
        QCOMPARE(data[u"account"][u"email"].toString(), ana.email);
        QCOMPARE(data[u"account"][u"name"].toString(), QStringLiteral("Fan ana"));
        const QJsonArray orders = data[u"orders"].toArray();
        QCOMPARE(orders.size(), 1);
        QCOMPARE(orders[0][u"order_id"].toString(), anaOrder[u"order_id"].toString());
        QCOMPARE(orders[0][u"amount_cents"].toInteger(), anaOrder[u"amount_cents"].toInteger());
        QVERIFY(!orders[0][u"lines"].toArray().isEmpty());
        QCOMPARE(orders[0][u"payments"].toArray().size(), 1);
        QCOMPARE(orders[0][u"payments"][0][u"status"].toString(), QStringLiteral("succeeded"));
        const QJsonArray tickets = data[u"tickets"].toArray();
        QCOMPARE(tickets.size(), 2);
        int heldByAna = 0;
        for (const QJsonValue &t : tickets)
            heldByAna += t[u"held_by_you"].toBool() ? 1 : 0;
        QCOMPARE(heldByAna, 1); // one was passed on
        QCOMPARE(data[u"transfers"][u"given"].toArray().size(), 1);
        QCOMPARE(data[u"transfers"][u"given"][0][u"status"].toString(), QStringLiteral("accepted"));
        QCOMPARE(data[u"transfers"][u"received"].toArray().size(), 0);
        const QJsonArray waiting = data[u"waiting_list"].toArray();
        QCOMPARE(waiting.size(), 1);
        QCOMPARE(waiting[0][u"event_id"].toString(), m_event);
        QCOMPARE(waiting[0][u"quantity"].toInt(), 2);
        QCOMPARE(waiting[0][u"state"].toString(), QStringLiteral("waiting"));
        QStringList kinds;
        for (const QJsonValue &m : data[u"mails"].toArray())
            kinds.append(m[u"kind"].toString());
        QVERIFY2(kinds.contains(u"verify"_qs) && kinds.contains(u"tickets"_qs)
                     && kinds.contains(u"transfer_sent"_qs),
                 qPrintable(kinds.join(u',')));
        // Nothing of Bea's: her order, her address (only where Ana typed it, as the recipient).
        const QString text = QString::fromUtf8(answer.body);
        QVERIFY(!text.contains(beaOrder[u"order_id"].toString()));
        QCOMPARE(text.count(bea.email, Qt::CaseInsensitive), 1);
        QVERIFY(!text.contains(u"token", Qt::CaseInsensitive));
        QVERIFY(!text.contains(u"password", Qt::CaseInsensitive));

        // Bea's: the ticket she received (not Ana's order, nor Ana's address).
        const auto beas = client().get("/me/data", bea.token);
        QCOMPARE(beas.status, 200);
        const QJsonObject beaData = beas.json();
        QCOMPARE(beaData[u"orders"].toArray().size(), 1);
        QCOMPARE(beaData[u"tickets"].toArray().size(), 2);
        QCOMPARE(beaData[u"transfers"][u"received"].toArray().size(), 1);
        QCOMPARE(beaData[u"transfers"][u"received"][0][u"ticket_id"].toString(), given);
        const QString beaText = QString::fromUtf8(beas.body);
        QVERIFY(!beaText.contains(anaOrder[u"order_id"].toString()));
        QVERIFY(!beaText.contains(ana.email, Qt::CaseInsensitive));

        refused(client().get("/me/data"), 401, "unauthenticated");
        refused(client().get("/me/data", testToken(u"data-clerk"_qs, u"clerk"_qs)),
                403,
                "forbidden");
    }

    void erasureRefusalsChangeNothing()
    {
        const Fan fan = signUp(QStringLiteral("keeps"));
        const QJsonObject order = buy(fan, 1);
        const QString before = money(QStringLiteral("o.owner = '%1'").arg(fan.email.toLower()));
        refused(erase(fan, QStringLiteral("not my password")), 403, "wrong_password");
        refused(erase(fan.token, "{}"), 400, "bad_request");
        refused(erase(fan.token, "not json"), 400, "bad_request");
        refused(erase(fan.token, R"({"password":"x","confirm":true})"), 400, "bad_request");
        refused(erase(fan.token, R"({"password":42})"), 400, "bad_request");
        refused(erase(QByteArray(), R"({"password":"correct horse battery"})"),
                401,
                "unauthenticated");
        refused(erase(testToken(u"erase-clerk"_qs, u"clerk"_qs),
                      R"({"password":"correct horse battery"})"),
                403,
                "forbidden");
        // A ticket for a show to come: named in the refusal.
        const auto live = erase(fan);
        refused(live, 409, "account_has_tickets");
        QCOMPARE(live.json()[u"tickets"].toArray().first().toString(),
                 order[u"tickets"][0][u"ticket_id"].toString());
        // A basket (a live hold): the purchase first.
        const Fan shopper = signUp(QStringLiteral("basket"));
        QVERIFY(!m_checkout.hold(m_event, seats(false, 1), shopper.token).isEmpty());
        refused(erase(shopper), 409, "account_busy");

        QCOMPARE(money(QStringLiteral("o.owner = '%1'").arg(fan.email.toLower())), before);
        QCOMPARE(client().get("/me", fan.token).status, 200);
        QCOMPARE(client().get("/me", shopper.token).status, 200);
        QCOMPARE(scalar(u"SELECT count(*) FROM users WHERE erased_at IS NOT NULL"_qs), 0);
        QCOMPARE(scalar(u"SELECT count(*) FROM account_mails WHERE kind = 'erased'"_qs), 0);
    }

    void erasureAnonymisesAndKeepsTheMoney()
    {
        const Fan cara = signUp(QStringLiteral("cara"), QStringLiteral("es"));
        const Fan dan = signUp(QStringLiteral("dan"));
        const QJsonObject invoiced = buy(cara, 2, true);
        const QJsonObject refunded = buy(cara, 1, true);
        const QString invoicedId = invoiced[u"order_id"].toString();
        const QString refundedId = refunded[u"order_id"].toString();
        // A place still waiting on a waiting list, and an ended one.
        sql(QStringLiteral("INSERT INTO waiting_entries (event_id, username, quantity)"
                           " VALUES ('%1', '%2', 1) RETURNING id")
                .arg(m_event, cara.email.toLower()));
        sql(QStringLiteral("INSERT INTO waiting_entries (event_id, username, quantity, state,"
                           " ended_at) VALUES ('%1', '%2', 1, 'left', now()) RETURNING id")
                .arg(m_past, cara.email.toLower()));
        // An invoice on the first order (issued at once: it is paid), billing details without
        // an invoice on the second (refunded before any was asked for).
        QCOMPARE(client()
                     .send(HttpClient::request("PUT",
                                               "/orders/" + invoicedId.toLatin1() + "/billing",
                                               R"({"company":"Cara Eventos S.L.","address":"Calle )"
                                               R"(Mayor 1, Madrid","vat_number":"ESB12345678"})",
                                               cara.token,
                                               {{"Content-Type", "application/json"}}))
                     .status,
                 200);
        const QByteArray clerk = testToken(u"data-refund-clerk"_qs, u"clerk"_qs);
        QCOMPARE(client().post("/orders/" + refundedId.toLatin1() + "/refund", {}, clerk).status,
                 200);
        sql(QStringLiteral("INSERT INTO order_billing (order_id, company, address) VALUES"
                           " ('%1', 'Cara Home', 'Calle Menor 2') RETURNING 1")
                .arg(refundedId));
        // A ticket passed on to Dan and one Dan passed to Cara (both ways of a transfer).
        QVERIFY(give(invoiced[u"tickets"][0][u"ticket_id"].toString(), cara, dan));
        const QJsonObject dans = buy(dan, 1, true);
        QVERIFY(give(dans[u"tickets"][0][u"ticket_id"].toString(), dan, cara));
        // The show is over: its tickets do not hold the erasure back.
        sql(QStringLiteral("UPDATE events SET starts_at = now() - interval '2 days' WHERE id = '%1'"
                           " RETURNING 1")
                .arg(m_past));

        const QString where = QStringLiteral("o.id IN ('%1', '%2')").arg(invoicedId, refundedId);
        QTRY_COMPARE_WITH_TIMEOUT(scalar(QStringLiteral("SELECT count(*) FROM compensations WHERE"
                                                        " order_id = '%1' AND status <> 'done'")
                                             .arg(refundedId)),
                                  0,
                                  20000);
        const QString moneyBefore = money(where);
        const qint64 invoices = scalar(
            QStringLiteral("SELECT count(*) FROM invoices WHERE order_id = '%1'").arg(invoicedId));
        QCOMPARE(invoices, 1);
        QCOMPARE(reconcile(m_past), 0);

        // A second server, and an open WebSocket on each, signed in as Cara.
        ServerProcess second(m_checkout.server.get());
        QVERIFY2(second.isRunning(), second.log().constData());
        QCOMPARE(second.client().get("/me", cara.token).status, 200);
        WsClient socket(m_checkout.server->port(), cara.token);
        WsClient otherSocket(second.port(), cara.token);
        QVERIFY(socket.isConnected() && otherSocket.isConnected());
        const QJsonObject probe{
            {QStringLiteral("hold_id"), QUuid::createUuid().toString(QUuid::WithoutBraces)}};
        QCOMPARE(socket.request(u"hold.get"_qs, probe)[u"error"][u"code"].toString(),
                 QStringLiteral("not_found")); // signed in: the hold is simply not there

        const auto erased = erase(cara);
        QCOMPARE(erased.status, 204);
        QVERIFY(erased.header("set-cookie").contains("Max-Age=0"));
        const qint64 id = scalar(
            QStringLiteral("SELECT id FROM users WHERE erased_at IS NOT NULL AND username LIKE"
                           " 'erased-%' ORDER BY erased_at DESC LIMIT 1"));
        const QString tomb = QStringLiteral("erased-%1@invalid").arg(id);

        // Every session is over: REST here and on the other server, both WebSockets.
        QCOMPARE(client().get("/me", cara.token).status, 401);
        QTRY_COMPARE_WITH_TIMEOUT(second.client().get("/me", cara.token).status, 401, 6000);
        for (WsClient *ws : {&socket, &otherSocket}) {
            QString code;
            QElapsedTimer timer;
            timer.start();
            while (code != u"unauthenticated" && timer.elapsed() < 8000) {
                code = ws->request(u"hold.get"_qs, probe)[u"error"][u"code"].toString();
                if (code != u"unauthenticated")
                    QTest::qWait(200);
            }
            QCOMPARE(code, QStringLiteral("unauthenticated"));
        }
        refused(login(cara.email, QString::fromLatin1(kPassword)), 401, "unauthenticated");

        // The confirmation, once, in Cara's language, to her old address; then forgotten.
        const QList<QJsonObject> mails = mailsTo(cara.email,
                                                 QStringLiteral("Se ha eliminado tu cuenta"),
                                                 1);
        QCOMPARE(mails.size(), 1);
        QCOMPARE(mails.first()[u"language"].toString(), QStringLiteral("es"));
        QVERIFY(mails.first()[u"text"].toString().contains(u"Hola, Fan cara:"));
        QVERIFY(mails.first()[u"html"].toString().contains(u"facturas emitidas"));
        QTRY_COMPARE_WITH_TIMEOUT(scalar(u"SELECT count(*) FROM account_mails WHERE kind ="
                                         " 'erased' AND status = 'sent' AND recipient = ''"_qs),
                                  1,
                                  10000);

        // No row names her any more; the account row is a tombstone.
        QCOMPARE(traces(cara.email), 0);
        // Her places: kept under the tombstone, none still waiting.
        QCOMPARE(scalar(
                     QStringLiteral("SELECT count(*) FROM waiting_entries"
                                    " WHERE username LIKE 'erased-%@invalid' AND state = 'left'")),
                 2);
        QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM users WHERE id = %1 AND username ="
                                       " '%2' AND email = '%2' AND display_name IS NULL AND"
                                       " password_hash = '!' AND locale IS NULL")
                            .arg(id)
                            .arg(tomb)),
                 1);
        // The money and the tickets as they were, under the tombstone.
        QCOMPARE(money(where), moneyBefore);
        QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM orders WHERE owner = '%1'").arg(tomb)),
                 2);
        QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM transaction_log WHERE actor = '%1'")
                            .arg(tomb)),
                 scalar(QStringLiteral("SELECT count(*) FROM transaction_log WHERE order_id IN"
                                       " ('%1', '%2')")
                            .arg(invoicedId, refundedId)));
        QCOMPARE(scalar(
                     QStringLiteral("SELECT count(*) FROM tickets WHERE holder = '%1'").arg(tomb)),
                 1);
        QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM order_billing WHERE order_id = '%1'")
                            .arg(invoicedId)),
                 1); // the invoice's (kept by law)
        QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM order_billing WHERE order_id = '%1'")
                            .arg(refundedId)),
                 0);
        // That it happened is recorded, naming no one.
        QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM audit WHERE action = 'account.erased'"
                                       " AND subject = 'user:%1'")
                            .arg(id)),
                 1);
        // Dan's side: he still holds what she gave him and sees his own records.
        QCOMPARE(client().get("/me/transfers", dan.token).json()[u"received"].toArray().size(), 1);

        // The books still balance; the seat history still explains her seats.
        QString report;
        QCOMPARE(reconcile(m_past, &report), 0);
        const QString seat = invoiced[u"tickets"][1][u"seat_id"].toString();
        const auto history = client().get("/events/" + m_past.toLatin1() + "/seats/"
                                              + seat.toLatin1() + "/history",
                                          testToken(u"data-manager"_qs, u"manager"_qs));
        QCOMPARE(history.status, 200);
        QVERIFY(history.body.contains(invoicedId.toLatin1()));
        QVERIFY(!history.body.contains(cara.email.toLower().toLatin1()));

        // The address is free again: a new account, empty, with a session that works.
        const Fan again = [&] {
            const auto answer = client().post("/auth/register",
                                              QJsonObject{{u"email"_qs, cara.email},
                                                          {u"password"_qs,
                                                           u"a new long password"_qs},
                                                          {u"name"_qs, u"Cara Again"_qs}});
            return Fan{cara.email, answer.json().value(u"access_token").toString().toLatin1()};
        }();
        QCOMPARE(client().get("/me", again.token).status, 200);
        QCOMPARE(client().get("/me/orders", again.token).json()[u"items"].toArray().size(), 0);
        QCOMPARE(client().get("/me/data", again.token).json()[u"orders"].toArray().size(), 0);
        QCOMPARE(client().get("/me", cara.token).status, 401);
        QCOMPARE(login(cara.email, u"a new long password"_qs).status, 200);
        QTRY_COMPARE_WITH_TIMEOUT(second.client().get("/me", again.token).status, 200, 4000);
        // Only one confirmation ever.
        QTest::qWait(500);
        QCOMPARE(mailsTo(cara.email, QStringLiteral("Se ha eliminado"), 2).size(), 1);
    }

    void erasureRacingACheckoutEndsOneWay()
    {
        int erasedFirst = 0, heldFirst = 0;
        // The erasure checks the password (scrypt) before its transaction: the hold starts a
        // little later each round, so that both orders happen.
        for (int round = 0; round < 8; ++round) {
            const Fan fan = signUp(QStringLiteral("race"));
            const QStringList wanted = seats(false, 1);
            const HttpRequest holdRequest = HttpClient::request(
                "POST",
                "/holds",
                QJsonDocument(QJsonObject{{u"event_id"_qs, m_event},
                                          {u"seats"_qs, QJsonArray::fromStringList(wanted)}})
                    .toJson(QJsonDocument::Compact),
                fan.token,
                {{"Content-Type", "application/json"}});
            HttpResponse holdAnswer;
            std::thread holder([&, delayMs = round * 150] {
                std::this_thread::sleep_for(std::chrono::milliseconds(delayMs));
                holdAnswer = client().send(holdRequest);
            });
            const HttpResponse erasureAnswer = erase(fan);
            holder.join();
            const QList<HttpResponse> answers{holdAnswer, erasureAnswer};
            const HttpResponse &hold = answers.at(0), &erasure = answers.at(1);
            const QString email = fan.email.toLower();
            if (erasure.status == 204) {
                ++erasedFirst;
                // The hold came too late: refused, and nothing of it in her name.
                QVERIFY2(hold.status == 401 || hold.status == 503,
                         qPrintable(QString::fromUtf8(hold.body)));
                QCOMPARE(traces(email), 0);
            } else {
                ++heldFirst;
                QCOMPARE(hold.status, 201);
                QCOMPARE(erasure.code(), QStringLiteral("account_busy"));
                QCOMPARE(client().get("/me", fan.token).status, 200);
                // The checkout goes on, and only then can the account go.
                const QString holdId = hold.json()[u"hold_id"].toString();
                const auto order = m_checkout.order(holdId, fan.token);
                QCOMPARE(order.status, 201);
                refused(erase(fan), 409, "account_busy");
            }
        }
        qInfo("erasure racing a hold: erased first %d, held first %d", erasedFirst, heldFirst);
        QVERIFY(erasedFirst + heldFirst == 8);
        QCOMPARE(saleViolations(m_checkout.server->databaseUrl()), QString());
    }

    void aFailureMidErasureLeavesNothingHalfErased()
    {
        const Fan fan = signUp(QStringLiteral("fault"));
        const QJsonObject order = buy(fan, 1);
        // Refunded: no ticket to use any more, so nothing holds the erasure back.
        QCOMPARE(client()
                     .post("/orders/" + order[u"order_id"].toString().toLatin1() + "/refund",
                           {},
                           testToken(u"fault-clerk"_qs, u"clerk"_qs))
                     .status,
                 200);
        const QString where = QStringLiteral("o.id = '%1'").arg(order[u"order_id"].toString());
        // The provider's refund lands in the log when it is done: wait for it first.
        QTRY_COMPARE_WITH_TIMEOUT(scalar(QStringLiteral("SELECT count(*) FROM compensations WHERE"
                                                        " order_id = '%1' AND status <> 'done'")
                                             .arg(order[u"order_id"].toString())),
                                  0,
                                  20000);
        const QString before = money(where);
        // The account's row is the last to change: everything before it must roll back.
        sql(u"CREATE FUNCTION refuse_erasure() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
            " IF NEW.erased_at IS NOT NULL THEN RAISE EXCEPTION 'injected'; END IF;"
            " RETURN NEW; END $$; SELECT 1"_qs);
        sql(u"CREATE TRIGGER refuse_erasure BEFORE UPDATE ON users FOR EACH ROW"
            " EXECUTE FUNCTION refuse_erasure(); SELECT 1"_qs);
        const auto failed = erase(fan);
        sql(u"DROP TRIGGER refuse_erasure ON users; SELECT 1"_qs);
        QCOMPARE(failed.status, 503);
        const QString email = fan.email.toLower();
        QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM orders WHERE owner = '%1'").arg(email)),
                 1);
        QCOMPARE(scalar(
                     QStringLiteral("SELECT count(*) FROM transaction_log l JOIN orders o ON"
                                    " o.id = l.order_id WHERE o.owner = '%1' AND l.actor <> '%1'")
                         .arg(email)),
                 0);
        QCOMPARE(scalar(u"SELECT count(*) FROM account_mails WHERE kind = 'erased'"
                        " AND status = 'pending'"_qs),
                 0);
        QCOMPARE(client().get("/me", fan.token).status, 200);
        QCOMPARE(login(fan.email, QString::fromLatin1(kPassword)).status, 200);
        QCOMPARE(money(where), before);

        // A connection killed while the erasure waits on its last step: all of it or none.
        sql(u"CREATE OR REPLACE FUNCTION refuse_erasure() RETURNS trigger LANGUAGE plpgsql AS $$"
            " BEGIN IF NEW.erased_at IS NOT NULL THEN PERFORM pg_sleep(2); END IF;"
            " RETURN NEW; END $$; SELECT 1"_qs);
        sql(u"CREATE TRIGGER refuse_erasure BEFORE UPDATE ON users FOR EACH ROW"
            " EXECUTE FUNCTION refuse_erasure(); SELECT 1"_qs);
        std::thread killer([url = m_checkout.server->databaseUrl()] {
            std::this_thread::sleep_for(std::chrono::milliseconds(800));
            pqxx::connection connection{url};
            pqxx::nontransaction work{connection};
            work.exec("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname ="
                      " current_database() AND pid <> pg_backend_pid()"
                      " AND query LIKE 'UPDATE users SET username%'");
        });
        const auto killed = erase(fan);
        killer.join();
        sql(u"DROP TRIGGER refuse_erasure ON users; DROP FUNCTION refuse_erasure(); SELECT 1"_qs);
        qInfo("erasure with its connection killed: %d", killed.status);
        if (killed.status == 204) { // retried on a new connection, whole
            QCOMPARE(traces(email), 0);
            QCOMPARE(client().get("/me", fan.token).status, 401);
        } else {
            QCOMPARE(killed.status, 503);
            QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM orders WHERE owner = '%1'")
                                .arg(email)),
                     1);
            QCOMPARE(scalar(u"SELECT count(*) FROM ended_sessions"_qs),
                     scalar(u"SELECT count(*) FROM users WHERE erased_at IS NOT NULL"_qs));
            QCOMPARE(client().get("/me", fan.token).status, 200);
            QCOMPARE(erase(fan).status, 204);
            QCOMPARE(traces(email), 0);
        }
        QCOMPARE(money(where), before);
        QCOMPARE(reconcile(m_event), 0);
    }

    void cleanupTestCase()
    {
        if (m_checkout.server)
            QCOMPARE(saleViolations(m_checkout.server->databaseUrl()), QString());
    }
};

QTEST_GUILESS_MAIN(AccountDataTest)
#include "tst_accountdata.moc"
