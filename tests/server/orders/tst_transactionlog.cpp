// SPDX-License-Identifier: GPL-3.0-or-later
#include "checkoutfixture.h"

#include "chunkedcsv.h"
#include "sandboxfixture.h"

using namespace boxoffice::test;

// Issue 30: the transaction log. A day of online and counter sales, a refund, an exchange and a
// comp whose log agrees to the cent with orders and payments; the log's guard; concurrent
// checkouts and refunds logged exactly once; a failure after the money moved leaves no row; the
// reconciler clean, then listing each planted difference.
class TestTransactionLog : public QObject
{
    Q_OBJECT
private:
    Checkout m_checkout;
    QString m_event;
    int m_row = 0;
    const QByteArray m_clerk = testToken(QStringLiteral("tl-clerk"), QStringLiteral("clerk"));
    const QByteArray m_manager = testToken(QStringLiteral("tl-boss"), QStringLiteral("manager"));

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
    /// Sums of one kind of the log for the event.
    qint64 logged(const QString &event,
                  const QString &kind,
                  const QString &what = "sum(amount_cents)")
    {
        return scalar(QStringLiteral("SELECT coalesce(%1, 0) FROM transaction_log WHERE event_id"
                                     " = '%2' AND kind = '%3'")
                          .arg(what, event, kind));
    }
    /// `boxoffice-server reconcile --event`: exit code, stdout.
    std::pair<int, QString> reconcile(const QString &event)
    {
        QByteArray out;
        const int code = ServerProcess::run({QStringLiteral("reconcile"),
                                             QStringLiteral("--event"),
                                             event,
                                             QStringLiteral("--database-url"),
                                             QString::fromStdString(
                                                 m_checkout.server->databaseUrl())},
                                            &out);
        return {code, QString::fromUtf8(out)};
    }
    /// GET /events/{id}/reconcile as `token`.
    HttpResponse reconcileOverApi(const QString &event, const QByteArray &token)
    {
        return m_checkout.client().get("/events/" + event.toLatin1() + "/reconcile", token);
    }
    /// Waits until the compensation worker has sent back every queued refund.
    bool refundsSent()
    {
        QElapsedTimer timer;
        timer.start();
        while (timer.elapsed() < 30000) {
            if (scalar(QStringLiteral("SELECT count(*) FROM compensations WHERE status <> 'done'"))
                == 0)
                return true;
            QTest::qWait(100);
        }
        return false;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_checkout.start());
        m_event = m_checkout.createEvent(QStringLiteral("tl"), 40, 4, 0, 60, 50, 40);
        QVERIFY(!m_event.isEmpty());
        QCOMPARE(m_checkout.client()
                     .post("/shifts", QJsonObject{{QStringLiteral("float_cents"), 10000}}, m_clerk)
                     .status,
                 201);
    }

    void aDayAgreesToTheCent()
    {
        // Online: two fans pay by card; one is refunded one of two tickets.
        const QByteArray fan = testToken(QStringLiteral("tl-fan-1"));
        const QJsonObject online = m_checkout.buy(m_event, seats(2), fan);
        QCOMPARE(online.value(u"status").toString(), QStringLiteral("paid"));
        QCOMPARE(m_checkout.buy(m_event, seats(1), testToken(QStringLiteral("tl-fan-2")))
                     .value(u"status")
                     .toString(),
                 QStringLiteral("paid"));
        const QString onlineId = online.value(u"order_id").toString();
        const QString firstTicket
            = online.value(u"tickets").toArray().first().toObject().value(u"ticket_id").toString();
        QCOMPARE(m_checkout.client()
                     .post("/orders/" + onlineId.toLatin1() + "/refund",
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
        const auto exchanged
            = m_checkout.client().post("/orders/"
                                           + counter.json().value(u"order_id").toString().toLatin1()
                                           + "/exchange",
                                       QJsonObject{{QStringLiteral("ticket_id"), counterTicket},
                                                   {QStringLiteral("seat_id"), seats(1).first()},
                                                   {QStringLiteral("payment"), cash(0)}},
                                       m_clerk);
        QCOMPARE(exchanged.status, 200);
        const QJsonObject comp{{QStringLiteral("method"), QStringLiteral("comp")},
                               {QStringLiteral("reason"), QStringLiteral("press")}};
        QCOMPARE(sell(m_manager, seats(1), comp).status, 201);
        QVERIFY(refundsSent());

        // Orders and log agree per kind, to the cent.
        const QString orders = QStringLiteral("FROM orders WHERE event_id = '%1'").arg(m_event);
        QCOMPARE(logged(m_event, QStringLiteral("sale")) + logged(m_event, QStringLiteral("comp"))
                     + logged(m_event, QStringLiteral("exchange_difference")),
                 scalar("SELECT sum(amount_cents) " + orders + " AND status = 'paid'"));
        QCOMPARE(-logged(m_event, QStringLiteral("refund")),
                 scalar("SELECT sum(refunded_cents) " + orders));
        QCOMPARE(logged(m_event, QStringLiteral("capture")),
                 scalar(QStringLiteral("SELECT sum(a.amount_cents) FROM payment_attempts a JOIN"
                                       " orders o ON o.id = a.order_id WHERE o.event_id = '%1'"
                                       " AND a.status = 'succeeded'")
                            .arg(m_event)));
        QCOMPARE(logged(m_event, QStringLiteral("comp"), QStringLiteral("count(*)")), 1);
        QCOMPARE(logged(m_event, QStringLiteral("exchange_difference"), QStringLiteral("count(*)"))
                     + logged(m_event, QStringLiteral("sale"), QStringLiteral("count(*)")),
                 3
                     + (exchanged.json().value(u"amount_cents").toInteger()
                                != counter.json().value(u"amount_cents").toInteger()
                            ? 1
                            : 0));
        QCOMPARE(logged(m_event, QStringLiteral("issue"), QStringLiteral("count(*)")),
                 scalar(QStringLiteral("SELECT count(*) FROM tickets WHERE event_id = '%1'")
                            .arg(m_event)));
        QCOMPARE(logged(m_event, QStringLiteral("void"), QStringLiteral("count(*)")), 2);
        // The staff refund went back to the card: a payment refund row of the same amount.
        QCOMPARE(logged(m_event, QStringLiteral("payment_refund")),
                 logged(m_event, QStringLiteral("refund")));
        // The clerk and the fan are named on their rows.
        QVERIFY(logged(m_event,
                       QStringLiteral("sale"),
                       QStringLiteral("count(*) FILTER (WHERE actor = 'tl-clerk')"))
                == 1);

        const auto [code, out] = reconcile(m_event);
        QVERIFY2(code == 0, qPrintable(out));
        QVERIFY2(out.contains(u"agree"), qPrintable(out));
    }

    void theLogRefusesUpdateDeleteAndTruncate()
    {
        pqxx::connection connection{m_checkout.server->databaseUrl()};
        const auto refused = [&](const std::string &sql) {
            pqxx::nontransaction work{connection};
            try {
                work.exec0(sql);
            } catch (const pqxx::sql_error &error) {
                return error.sqlstate() == "BXL01";
            }
            return false;
        };
        const qint64 rows = scalar(QStringLiteral("SELECT count(*) FROM transaction_log"));
        QVERIFY(rows > 0);
        QVERIFY(refused("UPDATE transaction_log SET amount_cents = amount_cents + 1"));
        QVERIFY(refused("DELETE FROM transaction_log"));
        QVERIFY(refused("TRUNCATE transaction_log"));
        QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM transaction_log")), rows);
        // A correction is a new row: inserting is what the log allows.
        QVERIFY(!refused("INSERT INTO transaction_log (kind, note) VALUES ('refund', 'probe')"));
    }

    void concurrentCheckoutsAndRefundsAreLoggedOnce()
    {
        const QString event = m_checkout.createEvent(QStringLiteral("tl-rush"), 16, 2, 0, 60);
        QVERIFY(!event.isEmpty());
        // 16 fans start paying; the sandbox confirms every intent at once (16 webhooks racing).
        QStringList orders, intents;
        QList<QByteArray> fans;
        for (int i = 1; i <= 16; ++i) {
            fans.append(testToken(QStringLiteral("tl-rush-%1").arg(i)));
            const QString hold = m_checkout.hold(event,
                                                 {QStringLiteral("S1-%1-1").arg(i),
                                                  QStringLiteral("S1-%1-2").arg(i)},
                                                 fans.last());
            QVERIFY(!hold.isEmpty());
            const QJsonObject started = m_checkout.order(hold, fans.last()).json();
            orders.append(started.value(u"order_id").toString());
            intents.append(started.value(u"payment").toObject().value(u"intent_id").toString());
        }
        QList<HttpRequest> confirms;
        for (const QString &intent : std::as_const(intents))
            confirms.append(
                HttpClient::request("POST",
                                    "/v1/payment_intents/" + intent.toLatin1() + "/confirm",
                                    R"({"card_number":"4242424242424242"})",
                                    {},
                                    {{"Authorization",
                                      QByteArray("Bearer ") + SandboxProcess::kApiKey},
                                     {"Content-Type", "application/json"}}));
        const HttpClient sandbox("127.0.0.1", quint16(m_checkout.sandbox->baseUrl().port()));
        for (const HttpResponse &answer : sandbox.concurrently(confirms))
            QVERIFY(answer.status >= 200 && answer.status < 300);
        for (int i = 0; i < 16; ++i)
            QCOMPARE(m_checkout.waitOrder(orders[i], fans[i], QStringLiteral("paid"))
                         .value(u"status")
                         .toString(),
                     QStringLiteral("paid"));
        // Half are refunded, each twice at once: one refund wins, the other is refused.
        QList<HttpRequest> refunds;
        for (int i = 0; i < 8; ++i) {
            const QByteArray path = "/orders/" + orders[i].toLatin1() + "/refund";
            refunds.append(HttpClient::request("POST", path, "{}", m_clerk));
            refunds.append(HttpClient::request("POST", path, "{}", m_clerk));
        }
        int won = 0;
        for (const HttpResponse &answer : m_checkout.client().concurrently(refunds))
            won += answer.status == 200 ? 1 : 0;
        QCOMPARE(won, 8);
        QVERIFY(refundsSent());
        for (const QString &order : std::as_const(orders)) {
            const QString rows = QStringLiteral(
                                     "SELECT count(*) FROM transaction_log WHERE order_id = '%1'"
                                     " AND kind = '%2'")
                                     .arg(order);
            QCOMPARE(scalar(rows.arg(QStringLiteral("sale"))), 1);
            QCOMPARE(scalar(rows.arg(QStringLiteral("capture"))), 1);
            QCOMPARE(scalar(rows.arg(QStringLiteral("issue"))), 2);
        }
        QCOMPARE(logged(event, QStringLiteral("refund"), QStringLiteral("count(*)")), 8);
        QCOMPARE(logged(event, QStringLiteral("void"), QStringLiteral("count(*)")), 16);
        const auto [code, out] = reconcile(event);
        QVERIFY2(code == 0, qPrintable(out));
    }

    void aFailureAfterTheMoneyMovedLeavesNoRow()
    {
        // The cash sale's last write in its transaction is the shift entry: fail it there, after
        // the order was paid, the payment captured and the tickets issued.
        pqxx::connection connection{m_checkout.server->databaseUrl()};
        pqxx::nontransaction work{connection};
        work.exec0("CREATE FUNCTION tl_fault() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
                   " RAISE EXCEPTION 'injected fault'; END $$");
        work.exec0("CREATE TRIGGER tl_fault BEFORE INSERT ON shift_entries FOR EACH ROW"
                   " EXECUTE FUNCTION tl_fault()");
        const qint64 rows = scalar(QStringLiteral("SELECT count(*) FROM transaction_log"));
        const qint64 paid = scalar(
            QStringLiteral("SELECT count(*) FROM orders WHERE status = 'paid'"));
        const auto sale = sell(m_clerk, seats(1), cash(20000));
        work.exec0("DROP TRIGGER tl_fault ON shift_entries");
        work.exec0("DROP FUNCTION tl_fault()");
        QCOMPARE(sale.status, 503);
        QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM transaction_log")), rows);
        QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM orders WHERE status = 'paid'")), paid);
        const auto [code, out] = reconcile(m_event);
        QVERIFY2(code == 0, qPrintable(out));
    }

    void theReconcilerListsEachPlantedDifference()
    {
        const QString event = m_checkout.createEvent(QStringLiteral("tl-bad"), 6, 2, 0, 60);
        QVERIFY(!event.isEmpty());
        QStringList orders;
        for (int i = 1; i <= 5; ++i)
            orders.append(m_checkout
                              .buy(event,
                                   {QStringLiteral("S1-%1-1").arg(i)},
                                   testToken(QStringLiteral("tl-bad-%1").arg(i)))
                              .value(u"order_id")
                              .toString());
        QCOMPARE(reconcile(event).first, 0);
        // The endpoint runs the same checks: everything agrees, and says how much it checked.
        const HttpResponse clean = reconcileOverApi(event, m_manager);
        QCOMPARE(clean.status, 200);
        QCOMPARE(clean.json().value(u"agrees").toBool(), true);
        QCOMPARE(clean.json().value(u"differences").toArray().size(), 0);
        QCOMPARE(clean.json().value(u"checks").toInt(), 11);
        QCOMPARE(clean.json().value(u"orders").toInt(), 5);
        QCOMPARE(clean.json().value(u"tickets").toInt(), 5);
        // Managers only; an unknown event (or what cannot be one) is 404, not "agrees".
        QCOMPARE(reconcileOverApi(event, m_clerk).status, 403);
        QCOMPARE(reconcileOverApi(event, testToken(QStringLiteral("tl-fan"))).status, 403);
        QCOMPARE(reconcileOverApi(event, QByteArray()).status, 401);
        const HttpResponse unknown = reconcileOverApi(QStringLiteral(
                                                          "00000000-0000-4000-8000-000000000000"),
                                                      m_manager);
        QCOMPARE(unknown.status, 404);
        QCOMPARE(unknown.json().value(u"code").toString(), QStringLiteral("not_found"));
        QCOMPARE(reconcileOverApi(QStringLiteral("not-an-event"), m_manager).status, 404);

        pqxx::connection connection{m_checkout.server->databaseUrl()};
        pqxx::nontransaction work{connection};
        const auto plant = [&](const QString &sql) { work.exec0(sql.toStdString()); };
        // Behind the application's back (triggers off for this session), as a bad restore or
        // a hand edit would.
        plant(QStringLiteral("SET session_replication_role = replica"));
        plant(QStringLiteral("UPDATE inventory SET status = 'available' WHERE event_id = '%1'"
                             " AND seat_id = 'S1-1-1'")
                  .arg(event));
        plant(QStringLiteral("UPDATE inventory SET status = 'sold' WHERE event_id = '%1'"
                             " AND seat_id = 'S1-6-1'")
                  .arg(event));
        plant(QStringLiteral("UPDATE payment_attempts SET amount_cents = amount_cents - 1"
                             " WHERE order_id = '%1'")
                  .arg(orders[1]));
        plant(
            QStringLiteral("UPDATE orders SET refunded_cents = 100 WHERE id = '%1'").arg(orders[2]));
        plant(QStringLiteral("INSERT INTO compensations (order_id, intent_id, amount_cents,"
                             " currency, reason, status) VALUES ('%1', 'pi_planted', 700, 'EUR',"
                             " 'planted', 'failed')")
                  .arg(orders[3]));
        plant(QStringLiteral("SET session_replication_role = DEFAULT"));

        const auto [code, out] = reconcile(event);
        QCOMPARE(code, 1);
        for (const QString &expected :
             QStringList{QStringLiteral("ticket_seat_not_sold"),
                         QStringLiteral("sold_seat_without_ticket S1-6-1"),
                         QStringLiteral("payment_mismatch ") + orders[1],
                         QStringLiteral("log_captures ") + orders[1],
                         QStringLiteral("log_refunds ") + orders[2],
                         QStringLiteral("log_compensations ") + orders[3],
                         QStringLiteral("compensation_not_refunded")})
            QVERIFY2(out.contains(expected), qPrintable(expected + u'\n' + out));
        QVERIFY2(!out.contains(orders[4]), qPrintable(out));
        // The endpoint lists the very differences the command prints, one by one.
        const HttpResponse planted = reconcileOverApi(event, m_manager);
        QCOMPARE(planted.status, 200);
        QCOMPARE(planted.json().value(u"agrees").toBool(), false);
        const QJsonArray differences = planted.json().value(u"differences").toArray();
        QVERIFY(differences.size() >= 7);
        QCOMPARE(out.count(u'\n'), differences.size() + 1); // the summary line, then one each
        for (const QJsonValue value : differences) {
            const QJsonObject d = value.toObject();
            const QString line = QStringLiteral("  %1 %2: %3\n")
                                     .arg(d.value(u"check").toString(),
                                          d.value(u"subject").toString(),
                                          d.value(u"detail").toString());
            QVERIFY2(out.contains(line), qPrintable(line + out));
        }
        // An unknown event cannot be checked: 2, not a clean 0.
        QCOMPARE(reconcile(QStringLiteral("00000000-0000-4000-8000-000000000000")).first, 2);
    }
    void theCsvQuotesAndPagesParseBack()
    {
        // Rows of an event of their own with what CSV must quote (corrections are inserts).
        const QString event = QStringLiteral("0e0e0e0e-0000-4000-8000-00000000c5f0");
        const QStringList notes{QStringLiteral("plain"),
                                QStringLiteral("a, comma"),
                                QStringLiteral("a \"quote\""),
                                QStringLiteral("two\r\nlines\nand one"),
                                QStringLiteral("Zoë — 東京 ✓")};
        pqxx::connection connection{m_checkout.server->databaseUrl()};
        pqxx::nontransaction work{connection};
        for (const QString &note : notes)
            work.exec_params0("INSERT INTO transaction_log (kind, event_id, channel, actor,"
                              " amount_cents, note) VALUES ('refund', $1::uuid, 'box_office',"
                              " $2, -150, $2)",
                              event.toStdString(),
                              note.toStdString());
        const QByteArray query = "?event_id=" + event.toLatin1();
        // The log shows a row once no transaction older than it is still open (so a cursor
        // never skips one): the server's own background work may hold that back a moment.
        QList<QStringList> records;
        HttpResponse csv;
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                csv = m_checkout.client().get("/transactions.csv" + query, m_manager);
                records = csv.status == 200 ? parseCsv(dechunk(csv.body)) : QList<QStringList>();
                return records.size() == notes.size() + 1;
            }(),
            10000);
        QCOMPARE(records[0].join(u','),
                 QStringLiteral("seq,at,kind,event_id,order_id,ticket_id,channel,actor,method,"
                                "amount_cents,tax_cents,face_cents,currency,reference,note,"
                                "migrated"));
        for (int i = 0; i < notes.size(); ++i) {
            QCOMPARE(records[i + 1].size(), 16);
            QCOMPARE(records[i + 1][7], notes[i]);
            QCOMPARE(records[i + 1][14], notes[i]);
            QCOMPARE(records[i + 1][9], QStringLiteral("-150"));
        }
        // Accept: text/csv on /transactions is the same export.
        HttpRequest accept = HttpClient::request("GET",
                                                 "/transactions" + query,
                                                 {},
                                                 m_manager,
                                                 {{"Accept", "text/csv"}});
        QCOMPARE(m_checkout.client().send(accept).body, csv.body);

        // JSON pages follow the cursor; the filters hold.
        const auto first = m_checkout.client().get("/transactions" + query + "&limit=2", m_manager);
        QCOMPARE(first.status, 200);
        QCOMPARE(first.json().value(u"items").toArray().size(), 2);
        QVERIFY(first.json().value(u"more").toBool());
        const QByteArray after = QByteArray::number(first.json().value(u"next_after").toInteger());
        const auto rest = m_checkout.client().get("/transactions" + query + "&after=" + after,
                                                  m_manager);
        QCOMPARE(rest.json().value(u"items").toArray().size(), 3);
        QCOMPARE(rest.json().value(u"items").toArray().last().toObject().value(u"note").toString(),
                 notes.last());
        QVERIFY(!rest.json().value(u"more").toBool());
        QCOMPARE(m_checkout.client()
                     .get("/transactions?channel=online&event_id=" + event.toLatin1(), m_manager)
                     .json()
                     .value(u"items")
                     .toArray()
                     .size(),
                 0);
        // Clerks see no money; bad parameters are problems.
        QCOMPARE(m_checkout.client().get("/transactions.csv", m_clerk).status, 403);
        QCOMPARE(m_checkout.client().get("/transactions?limit=0", m_manager).code(),
                 QStringLiteral("invalid_field"));
        QCOMPARE(m_checkout.client().get("/transactions.csv?from=yesterday", m_manager).code(),
                 QStringLiteral("invalid_field"));
        QCOMPARE(m_checkout.client().get("/transactions?bogus=1", m_manager).code(),
                 QStringLiteral("bad_request"));
    }
};

QTEST_GUILESS_MAIN(TestTransactionLog)
#include "tst_transactionlog.moc"
