// SPDX-License-Identifier: GPL-3.0-or-later
#include "checkoutfixture.h"
#include "dbcheck.h"

#include <QJsonDocument>
#include <QRandomGenerator>

using namespace boxoffice::test;

// Checkouts under contention and under a SIGKILL: whatever happens, no seat is sold twice,
// every paid order owns its sold seats and has tickets, and every order ends in a final state.
class TestCheckoutChaos : public QObject
{
    Q_OBJECT
private:
    static QByteArray holdBody(const QString &eventId, const QStringList &seats)
    {
        return QJsonDocument(
                   QJsonObject{{QStringLiteral("event_id"), eventId},
                               {QStringLiteral("seats"), QJsonArray::fromStringList(seats)}})
            .toJson(QJsonDocument::Compact);
    }
    static QByteArray orderBody(const QString &holdId)
    {
        return QJsonDocument(QJsonObject{{QStringLiteral("hold_id"), holdId}})
            .toJson(QJsonDocument::Compact);
    }

    // Holds (concurrently) then orders (concurrently) for `buyers`; returns {order id, intent}.
    static QList<QPair<QString, QString>> checkout(
        Checkout &c, const QString &eventId, const QList<QPair<QByteArray, QStringList>> &buyers)
    {
        QList<HttpRequest> holds;
        for (const auto &[token, seats] : buyers)
            holds.append(HttpClient::request("POST", "/holds", holdBody(eventId, seats), token));
        const auto held = c.client().concurrently(holds, 30000);
        QList<HttpRequest> orders;
        for (int i = 0; i < held.size(); ++i) {
            if (held[i].status == 201)
                orders.append(
                    HttpClient::request("POST",
                                        "/orders",
                                        orderBody(held[i].json().value(u"hold_id").toString()),
                                        buyers[i].first,
                                        {{"Idempotency-Key", "o-" + QByteArray::number(i)}}));
        }
        QList<QPair<QString, QString>> out;
        for (const auto &r : c.client().concurrently(orders, 30000)) {
            if (r.status != 201)
                qWarning() << "order answer" << r.status << r.body;
            if (r.status == 201)
                out.append({r.json().value(u"order_id").toString(),
                            r.json().value(u"payment").toObject().value(u"intent_id").toString()});
        }
        return out;
    }

    static void report(Checkout &c, const char *what)
    {
        qInfo("%s: orders paid %lld, failed %lld, expired %lld, refunded %lld; compensations %lld;"
              " valid tickets %lld",
              what,
              c.scalar("SELECT count(*) FROM orders WHERE status = 'paid'"),
              c.scalar("SELECT count(*) FROM orders WHERE status = 'failed'"),
              c.scalar("SELECT count(*) FROM orders WHERE status = 'expired'"),
              c.scalar("SELECT count(*) FROM orders WHERE status = 'refunded'"),
              c.scalar("SELECT count(*) FROM compensations WHERE status = 'done'"),
              c.scalar("SELECT count(*) FROM tickets WHERE status = 'valid'"));
    }

    // Waits until no order is pending any more; returns how many still are.
    static qint64 waitSettled(Checkout &c, int timeoutMs)
    {
        QElapsedTimer timer;
        timer.start();
        qint64 open = 0;
        while (timer.elapsed() < timeoutMs) {
            open = c.scalar("SELECT count(*) FROM orders WHERE status = 'pending'")
                   + c.scalar("SELECT count(*) FROM compensations WHERE status = 'pending'");
            if (open == 0)
                break;
            QTest::qWait(200);
        }
        return open;
    }

private Q_SLOTS:
    void raceThroughPayment()
    {
        Checkout c;
        QVERIFY(c.start());
        // 8 seats, 2 s holds: 40 buyers want 1-2 adjacent seats, in two waves.
        const QString eventId = c.createEvent(QStringLiteral("race"), 1, 8, 0, 2);
        QVERIFY(!eventId.isEmpty());
        auto *random = QRandomGenerator::global();
        QStringList late; // wave-0 intents paid only after their holds expired
        for (int wave = 0; wave < 2; ++wave) {
            QList<QPair<QByteArray, QStringList>> buyers;
            for (int i = 0; i < 20; ++i) {
                const int first = int(random->bounded(1, 8));
                QStringList seats{QStringLiteral("S1-1-%1").arg(first)};
                if (random->bounded(2) == 1)
                    seats.append(QStringLiteral("S1-1-%1").arg(first + 1));
                buyers.append({testToken(QStringLiteral("racer-%1-%2").arg(wave).arg(i)), seats});
            }
            const auto orders = checkout(c, eventId, buyers);
            if (wave == 0)
                QVERIFY(!orders.isEmpty());
            int n = 0;
            for (const auto &[orderId, intent] : orders) {
                const int kind = n++ % 3;
                if (wave == 0 && kind == 2)
                    late.append(intent);
                else
                    c.confirm(intent,
                              kind == 1 ? QStringLiteral("4000000000000259")
                                        : QStringLiteral("4242424242424242"));
            }
            if (wave == 0)
                QTest::qWait(3500); // unpaid wave-0 holds expire: wave 1 takes them over
        }
        for (const QString &intent : late) // money arriving after the seats were lost
            c.confirm(intent, QStringLiteral("4242424242424242"));
        QCOMPARE(waitSettled(c, 20000), 0);
        report(c, "race");
        QCOMPARE(saleViolations(c.server->databaseUrl()), QString());
        QCOMPARE(inventoryViolations(c.server->databaseUrl()), QString());
        QVERIFY(c.scalar("SELECT count(*) FROM orders WHERE status = 'paid'") >= 1);
    }

    void killDuringCheckouts()
    {
        // Fixed server port so the sandbox can reach the restarted server.
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        const quint16 port = probe.serverPort();
        probe.close();
        Checkout c;
        QVERIFY(c.start({QStringLiteral("--listen"), QStringLiteral("127.0.0.1:%1").arg(port)}));
        const QString eventId = c.createEvent(QStringLiteral("fault"), 6, 8, 0, 2);
        QVERIFY(!eventId.isEmpty());
        QList<QPair<QByteArray, QStringList>> buyers;
        for (int i = 0; i < 24; ++i)
            buyers.append({testToken(QStringLiteral("buyer-%1").arg(i)),
                           {QStringLiteral("S1-%1-%2").arg(i / 8 + 1).arg(i % 8 + 1)}});
        const auto orders = checkout(c, eventId, buyers.mid(0, 16));
        QVERIFY(orders.size() >= 12);
        // Confirm some, then kill the server while their webhooks and new requests are in flight.
        for (int i = 0; i < 8 && i < orders.size(); ++i)
            c.confirm(orders[i].second, QStringLiteral("4242424242424242"));
        // More buyers: their holds exist, their orders are in flight when the server dies.
        QList<HttpRequest> late;
        for (int i = 16; i < 24; ++i)
            late.append(HttpClient::request("POST",
                                            "/holds",
                                            holdBody(eventId, buyers[i].second),
                                            buyers[i].first));
        QList<HttpRequest> inFlight;
        int n = 0;
        for (const auto &r : c.client().concurrently(late, 30000)) {
            if (r.status == 201)
                inFlight.append(HttpClient::request("POST",
                                                    "/orders",
                                                    orderBody(r.json().value(u"hold_id").toString()),
                                                    buyers[16 + n].first));
            ++n;
        }
        QCOMPARE(inFlight.size(), 8);
        c.client().concurrently(inFlight, 40); // answers not awaited
        c.server->kill();
        // Money moves while the server is down: the sandbox retries, then gives up.
        for (int i = 8; i < 12 && i < orders.size(); ++i)
            c.confirm(orders[i].second, QStringLiteral("4242424242424242"));
        QTest::qWait(500);
        QVERIFY(c.server->start());
        QCOMPARE(c.server->port(), port);
        // Webhook retries and the reconciler settle everything.
        QCOMPARE(waitSettled(c, 25000), 0);
        report(c, "kill");
        for (int i = 0; i < 12 && i < orders.size(); ++i) {
            const std::string id = orders[i].first.toStdString();
            QCOMPARE(c.scalar("SELECT count(*) FROM orders WHERE id = '" + id
                              + "' AND status = 'paid'"),
                     1);
        }
        QCOMPARE(c.scalar("SELECT count(*) FROM orders WHERE status NOT IN"
                          " ('paid', 'failed', 'expired', 'refunded')"),
                 0);
        QCOMPARE(saleViolations(c.server->databaseUrl()), QString());
        QCOMPARE(inventoryViolations(c.server->databaseUrl()), QString());
    }
};

QTEST_GUILESS_MAIN(TestCheckoutChaos)
#include "tst_checkoutchaos.moc"
