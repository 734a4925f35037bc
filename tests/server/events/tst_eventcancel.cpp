// SPDX-License-Identifier: GPL-3.0-or-later
#include "backoffice.h"
#include "checkoutfixture.h"
#include "mailboxfixture.h"

using namespace boxoffice::test;

// Rescheduling and cancelling over a real server, the payment sandbox and a real SMTP server:
// fans mailed once, tickets kept or revoked, online orders refunded through the provider once,
// the counter's orders listed; a cancellation racing checkouts leaves no valid ticket and no
// money kept; a failure halfway leaves nothing changed.
class TestEventCancel : public QObject
{
    Q_OBJECT
private:
    Mailbox m_mailbox;
    Checkout m_checkout;
    SeatRows m_rows;
    const QByteArray m_manager = testToken(QStringLiteral("boss"), QStringLiteral("manager"));
    const QByteArray m_clerk = testToken(QStringLiteral("cancel-clerk"), QStringLiteral("clerk"));

    HttpClient client() const { return m_checkout.client(); }
    QStringList nextSeats(int count) { return m_rows.next(count); }
    QString newEvent(const QString &venue)
    {
        m_rows.restart();
        return m_checkout.createEvent(venue, 30, 4, 0, 60, 10, 3);
    }
    QJsonObject startOrder(const QString &event, const QStringList &seats, const QByteArray &fan)
    {
        return m_checkout.order(m_checkout.hold(event, seats, fan), fan).json();
    }
    static QString intentOf(const QJsonObject &order)
    {
        return order.value(u"payment").toObject().value(u"intent_id").toString();
    }
    QJsonObject buy(const QString &event, const QStringList &seats, const QByteArray &fan)
    {
        return m_checkout.buy(event, seats, fan);
    }
    QJsonObject counterSale(const QString &event, const QStringList &seats, const QString &email)
    {
        const QString holdId = m_checkout.hold(event, seats, m_clerk);
        const auto sale = client().post("/orders",
                                        QJsonObject{{QStringLiteral("hold_id"), holdId},
                                                    {QStringLiteral("email"), email},
                                                    {QStringLiteral("payment"),
                                                     QJsonObject{{QStringLiteral("method"),
                                                                  QStringLiteral("card_present")},
                                                                 {QStringLiteral("reference"),
                                                                  QStringLiteral("T-1")}}}},
                                        m_clerk);
        return sale.status == 201 ? sale.json() : QJsonObject();
    }
    HttpResponse cancel(const QString &event, const QByteArray &tag = "current")
    {
        return sendWithIfMatch(client(),
                               "POST",
                               eventPath(event, "/cancel"),
                               QJsonObject{{QStringLiteral("reason"), QStringLiteral("Storm")}},
                               m_manager,
                               tag == "current" ? eventTag(client(), event) : tag);
    }
    qint64 refundedAtProvider(const QString &intent)
    {
        return m_checkout.sandbox->request("GET", u"/v1/payment_intents/"_qs + intent)
            .json.value(u"amount_refunded_cents")
            .toInteger();
    }
    qint64 count(const std::string &sqlTail, const QString &event)
    {
        return m_checkout.scalar("SELECT count(*) FROM " + sqlTail + " AND event_id = '"
                                 + event.toStdString() + "'");
    }
    QList<QJsonObject> mailsWithSubject(const QString &to, const QString &prefix, int atLeast)
    {
        QList<QJsonObject> out;
        QElapsedTimer timer;
        timer.start();
        do {
            out.clear();
            for (const QJsonObject &m : m_mailbox.waitFor(to, 0, 0)) {
                if (m.value(u"subject").toString().startsWith(prefix))
                    out.append(m);
            }
            if (out.size() >= atLeast)
                break;
            QTest::qWait(100);
        } while (timer.elapsed() < 15000);
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_mailbox.start());
        QVERIFY(
            m_checkout.start({},
                             {},
                             {{QStringLiteral("BOXOFFICE_SMTP_URL"), m_mailbox.url()},
                              {QStringLiteral("BOXOFFICE_MAIL_FROM"),
                               QStringLiteral("Box Office <tickets@boxoffice.test>")},
                              {QStringLiteral("BOXOFFICE_MAIL_POLL_MS"), QStringLiteral("100")}}));
    }

    void rescheduleKeepsTicketsAndMailsOnce()
    {
        const QString event = newEvent(QStringLiteral("moved"));
        const QJsonObject paid = buy(event,
                                     nextSeats(2),
                                     testToken(QStringLiteral("ana@example.com")));
        QCOMPARE(paid.value(u"status").toString(), QStringLiteral("paid"));
        const auto moved = patchEvent(client(),
                                      event,
                                      {{QStringLiteral("starts_at"),
                                        QStringLiteral("2030-09-12T19:30:00Z")}},
                                      m_manager,
                                      eventTag(client(), event));
        QCOMPARE(moved.status, 200);
        QCOMPARE(moved.json().value(u"starts_at").toString(),
                 QStringLiteral("2030-09-12T19:30:00Z"));
        const auto notices = mailsWithSubject(QStringLiteral("ana@example.com"),
                                              QStringLiteral("New date for"),
                                              1);
        QCOMPARE(notices.size(), 1);
        QVERIFY(notices[0].value(u"text").toString().contains(u"2030"));
        QCOMPARE(notices[0].value(u"attachments").toArray().size(), 1); // the same tickets again
        QCOMPARE(count("tickets WHERE status = 'valid'", event), 2);
        // Another change that keeps the date mails nobody.
        QCOMPARE(patchEvent(client(),
                            event,
                            {{QStringLiteral("title"), QStringLiteral("Moved")}},
                            m_manager,
                            eventTag(client(), event))
                     .status,
                 200);
        QTest::qWait(800);
        QCOMPARE(mailsWithSubject(QStringLiteral("ana@example.com"),
                                  QStringLiteral("New date for"),
                                  2)
                     .size(),
                 1);
    }

    void cancelPaysBackAndTellsEveryone()
    {
        const QString event = newEvent(QStringLiteral("storm"));
        const QJsonObject online = buy(event,
                                       nextSeats(2),
                                       testToken(QStringLiteral("bea@example.com")));
        QCOMPARE(online.value(u"status").toString(), QStringLiteral("paid"));
        const QJsonObject counter = counterSale(event,
                                                nextSeats(1),
                                                QStringLiteral("cai@example.com"));
        QVERIFY(!counter.isEmpty());
        // Waiting for payment when the event is called off: the late payment goes back.
        const QByteArray late = testToken(QStringLiteral("dan@example.com"));
        const QJsonObject pending = startOrder(event, nextSeats(1), late);
        QVERIFY(!intentOf(pending).isEmpty());

        const auto stale = cancel(event, "\"999\"");
        QCOMPARE(stale.status, 412);
        const auto cancelled = cancel(event);
        QCOMPARE(cancelled.status, 200);
        const QJsonObject body = cancelled.json();
        QCOMPARE(body.value(u"event").toObject().value(u"sale_state").toString(),
                 QStringLiteral("cancelled"));
        QCOMPARE(body.value(u"event").toObject().value(u"cancel_reason").toString(),
                 QStringLiteral("Storm"));
        QCOMPARE(body.value(u"refunds_queued").toInt(), 1);
        QCOMPARE(body.value(u"tickets_revoked").toInt(), 3);
        QCOMPARE(body.value(u"fans_mailed").toInt(), 2);
        const QJsonArray atCounter = body.value(u"counter_orders").toArray();
        QCOMPARE(atCounter.size(), 1);
        QCOMPARE(atCounter[0][u"order_id"].toString(), counter.value(u"order_id").toString());
        QCOMPARE(atCounter[0][u"amount_cents"].toInteger(),
                 counter.value(u"amount_cents").toInteger());
        QCOMPARE(atCounter[0][u"email"].toString(), QStringLiteral("cai@example.com"));

        QCOMPARE(count("tickets WHERE status = 'valid'", event), 0);
        QCOMPARE(count("ticket_revocations WHERE true", event), 3); // the door learns at once
        QTRY_COMPARE_WITH_TIMEOUT(refundedAtProvider(intentOf(online)),
                                  online.value(u"amount_cents").toInteger(),
                                  10000);
        m_checkout.confirm(intentOf(pending), QStringLiteral("4242424242424242"));
        QTRY_COMPARE_WITH_TIMEOUT(refundedAtProvider(intentOf(pending)),
                                  pending.value(u"amount_cents").toInteger(),
                                  10000);
        QCOMPARE(count("tickets WHERE status = 'valid'", event), 0);
        QCOMPARE(mailsWithSubject(QStringLiteral("bea@example.com"), QStringLiteral("Cancelled:"), 1)
                     .size(),
                 1);
        const auto counterMail = mailsWithSubject(QStringLiteral("cai@example.com"),
                                                  QStringLiteral("Cancelled:"),
                                                  1);
        QCOMPARE(counterMail.size(), 1);
        QVERIFY(counterMail[0].value(u"attachments").toArray().isEmpty());

        // A cancelled event sells nothing and changes no more.
        const auto hold = client().post("/holds",
                                        QJsonObject{{QStringLiteral("event_id"), event},
                                                    {QStringLiteral("seats"),
                                                     QJsonArray::fromStringList(nextSeats(1))}},
                                        late);
        QCOMPARE(hold.status, 409);
        QCOMPARE(hold.code(), QStringLiteral("event_cancelled"));
        QCOMPARE(cancel(event).code(), QStringLiteral("event_cancelled"));
        QCOMPARE(patchEvent(client(),
                            event,
                            {{QStringLiteral("title"), QStringLiteral("x")}},
                            m_manager,
                            eventTag(client(), event))
                     .code(),
                 QStringLiteral("event_cancelled"));
        QCOMPARE(count("audit WHERE action = 'event.cancel'", event), 1);
        QCOMPARE(saleViolations(m_checkout.server->databaseUrl()), QString());
    }

    void cancelRacingCheckoutsKeepsNoMoney()
    {
        const QString event = newEvent(QStringLiteral("race"));
        QList<QJsonObject> orders;
        for (int i = 0; i < 12; ++i)
            orders.append(
                startOrder(event, nextSeats(2), testToken(QStringLiteral("racer-%1").arg(i))));
        // Half the payments confirmed just before, the rest while the cancellation runs.
        for (int i = 0; i < 6; ++i)
            m_checkout.confirm(intentOf(orders[i]), QStringLiteral("4242424242424242"));
        QList<HttpRequest> confirms;
        for (int i = 6; i < 12; ++i)
            confirms.append(HttpClient::request("POST",
                                                "/v1/payment_intents/"
                                                    + intentOf(orders[i]).toLatin1() + "/confirm",
                                                R"({"card_number":"4242424242424242"})",
                                                SandboxProcess::kApiKey,
                                                {{"Content-Type", "application/json"}}));
        const QUrl sandbox = m_checkout.sandbox->baseUrl();
        const HttpClient payer("127.0.0.1", quint16(sandbox.port()));
        std::unique_ptr<QThread> paying(QThread::create([&] { payer.concurrently(confirms); }));
        paying->start();
        const auto answer = cancel(event);
        paying->wait();
        QCOMPARE(answer.status, 200);
        // Every payment that succeeded goes back in full, whatever the order of events.
        for (const QJsonObject &order : std::as_const(orders))
            QTRY_COMPARE_WITH_TIMEOUT(refundedAtProvider(intentOf(order)),
                                      order.value(u"amount_cents").toInteger(),
                                      15000);
        QCOMPARE(count("tickets WHERE status = 'valid'", event), 0);
        QCOMPARE(count("orders WHERE status = 'paid'", event), 0);
        QCOMPARE(saleViolations(m_checkout.server->databaseUrl()), QString());
    }

    void failureHalfwayChangesNothing()
    {
        const QString event = newEvent(QStringLiteral("fault"));
        const QJsonObject online = buy(event,
                                       nextSeats(2),
                                       testToken(QStringLiteral("eva@example.com")));
        QCOMPARE(online.value(u"status").toString(), QStringLiteral("paid"));
        const QByteArray tag = eventTag(client(), event);
        {
            // The fans' mail cannot be queued: the statement fails inside the cancellation.
            pqxx::connection connection{m_checkout.server->databaseUrl()};
            pqxx::nontransaction work{connection};
            work.exec0("CREATE FUNCTION fail_notice() RETURNS trigger LANGUAGE plpgsql AS"
                       " $$ BEGIN RAISE EXCEPTION 'mail store down'; END $$");
            work.exec0("CREATE TRIGGER fail_notice BEFORE INSERT ON mail_jobs FOR EACH ROW"
                       " WHEN (NEW.kind = 'cancelled') EXECUTE FUNCTION fail_notice()");
        }
        const auto failed = cancel(event, tag);
        QCOMPARE(failed.status, 503);
        QCOMPARE(eventTag(client(), event), tag);
        QCOMPARE(client().get(eventPath(event)).json().value(u"sale_state").toString(),
                 QStringLiteral("on_sale"));
        QCOMPARE(count("tickets WHERE status = 'valid'", event), 2);
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM compensations WHERE order_id = '"
                                   + online.value(u"order_id").toString().toStdString() + "'"),
                 0);
        QCOMPARE(count("audit WHERE action = 'event.cancel'", event), 0);
        {
            pqxx::connection connection{m_checkout.server->databaseUrl()};
            pqxx::nontransaction work{connection};
            work.exec0("DROP TRIGGER fail_notice ON mail_jobs");
        }
        QCOMPARE(cancel(event, tag).status, 200);
        QTRY_COMPARE_WITH_TIMEOUT(refundedAtProvider(intentOf(online)),
                                  online.value(u"amount_cents").toInteger(),
                                  10000);
    }
};

QTEST_GUILESS_MAIN(TestEventCancel)
#include "tst_eventcancel.moc"
