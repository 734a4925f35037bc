// SPDX-License-Identifier: GPL-3.0-or-later
#include "checkoutfixture.h"
#include "ticketfixture.h"

#include <QTcpServer>
#include <QUuid>

#include <set>

// Scans at the door (#16, #15 defects 6 and 8): the answer names the seat, a ticket of another
// event is wrong_event, a used ticket stays used (no reissue, no clerk refund), two gates at once
// admit one, a server killed mid-scan or a database connection cut admits nobody twice, and a
// scanner's offline journal syncs with double entries flagged.
using namespace boxoffice::test;

class TicketScanTest : public QObject
{
    Q_OBJECT

    Checkout m_checkout;
    TicketDesk m_desk{m_checkout};
    QString m_event;
    QString m_otherEvent;

    // Per ticket: how many committed scans admitted it, and whether it is marked used.
    QString admissionViolations()
    {
        pqxx::connection connection{m_checkout.server->databaseUrl()};
        pqxx::nontransaction work{connection};
        const int twice = work.exec1("SELECT count(*) FROM (SELECT ticket_id FROM ticket_scans"
                                     " WHERE result = 'valid' AND direction = 'in'"
                                     " GROUP BY 1 HAVING count(*) > 1) x")[0]
                              .as<int>();
        const int unlogged = work.exec1("SELECT count(*) FROM tickets t WHERE used_at IS NOT NULL"
                                        " AND NOT EXISTS (SELECT 1 FROM ticket_scans s WHERE"
                                        " s.ticket_id = t.id AND s.result = 'valid')")[0]
                                 .as<int>();
        const int unmarked = work.exec1("SELECT count(*) FROM ticket_scans s JOIN tickets t"
                                        " ON t.id = s.ticket_id WHERE s.result = 'valid'"
                                        " AND s.direction = 'in' AND t.used_at IS NULL")[0]
                                 .as<int>();
        if (twice + unlogged + unmarked == 0)
            return {};
        return QStringLiteral("admitted twice %1, used without a scan %2, admitted but unused %3")
            .arg(twice)
            .arg(unlogged)
            .arg(unmarked);
    }

private Q_SLOTS:
    void initTestCase()
    {
        // A fixed port, so the server comes back where the client looks after a kill.
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        const quint16 port = probe.serverPort();
        probe.close();
        QVERIFY(m_checkout.start(
            {QStringLiteral("--listen"), QStringLiteral("127.0.0.1:%1").arg(port)}));
        m_event = m_checkout.createEvent(QStringLiteral("door"), 40, 10, 0, 60, 10, 3);
        m_otherEvent = m_checkout.createEvent(QStringLiteral("door-2"), 4, 10, 0, 60, 10, 3);
        QVERIFY(!m_event.isEmpty() && !m_otherEvent.isEmpty());
    }

    void scanAnswersWithSeat()
    {
        const QJsonObject ticket = m_desk.sell(m_event, 1).first().toObject();
        const QString code = ticket.value(u"code").toString();
        const auto first = m_desk.scan(code, m_event, QStringLiteral("B"));
        QCOMPARE(first.status, 200);
        QCOMPARE(first.json().value(u"result").toString(), QStringLiteral("valid"));
        const QJsonObject seat = first.json().value(u"ticket").toObject();
        QCOMPARE(seat.value(u"seat_id"), ticket.value(u"seat_id"));
        QCOMPARE(seat.value(u"section").toString(), QStringLiteral("S1"));
        QCOMPARE(seat.value(u"row").toString(), QStringLiteral("1"));
        QVERIFY(!seat.value(u"category").toString().isEmpty());
        const auto again = m_desk.scan(code, m_event, QStringLiteral("C")).json();
        QCOMPARE(again.value(u"result").toString(), QStringLiteral("already_used"));
        QCOMPARE(again.value(u"first_used_at"), first.json().value(u"first_used_at"));
        QCOMPARE(again.value(u"first_used_gate").toString(), QStringLiteral("B"));
        // Leaving is recorded, and coming back is still a second entry.
        const auto out = m_checkout.client().post("/tickets/scan",
                                                  TicketDesk::scanBody(code,
                                                                       m_event,
                                                                       QStringLiteral("B"),
                                                                       QStringLiteral("out")),
                                                  TicketDesk::door());
        QCOMPARE(out.json().value(u"result").toString(), QStringLiteral("valid"));
        QCOMPARE(m_desk.result(code, m_event), QStringLiteral("already_used"));
    }

    void otherEventIsWrongEvent()
    {
        // Defect 8: a ticket for any event scanned valid at any door.
        const QJsonObject ticket = m_desk.sell(m_otherEvent, 1).first().toObject();
        const auto answer = m_desk.scan(ticket.value(u"code").toString(), m_event).json();
        QCOMPARE(answer.value(u"result").toString(), QStringLiteral("wrong_event"));
        QCOMPARE(answer.value(u"ticket").toObject().value(u"event_id").toString(), m_otherEvent);
        // Not spent by the wrong door: its own door admits it.
        QCOMPARE(m_desk.result(ticket.value(u"code").toString(), m_otherEvent),
                 QStringLiteral("valid"));
        QCOMPARE(m_desk.result(QStringLiteral("garbage"), m_event), QStringLiteral("unknown"));
    }

    void badScansAreRefused_data()
    {
        QTest::addColumn<QJsonObject>("body");
        QTest::addColumn<int>("status");
        const QString code = QStringLiteral("x.y");
        QTest::newRow("no event") << QJsonObject{{QStringLiteral("code"), code}} << 400;
        QTest::newRow("event not a uuid")
            << QJsonObject{{QStringLiteral("code"), code}, {QStringLiteral("event_id"), 12}} << 400;
        QTest::newRow("direction")
            << QJsonObject{{QStringLiteral("code"), code},
                           {QStringLiteral("event_id"),
                            QUuid::createUuid().toString(QUuid::WithoutBraces)},
                           {QStringLiteral("direction"), QStringLiteral("sideways")}}
            << 400;
        QTest::newRow("scanned_at")
            << QJsonObject{{QStringLiteral("code"), code},
                           {QStringLiteral("event_id"),
                            QUuid::createUuid().toString(QUuid::WithoutBraces)},
                           {QStringLiteral("scanned_at"), QStringLiteral("yesterday")}}
            << 400;
        QTest::newRow("unknown field")
            << QJsonObject{{QStringLiteral("code"), code},
                           {QStringLiteral("event_id"),
                            QUuid::createUuid().toString(QUuid::WithoutBraces)},
                           {QStringLiteral("seat"), 1}}
            << 400;
    }
    void badScansAreRefused()
    {
        QFETCH(QJsonObject, body);
        QFETCH(int, status);
        const auto answer = m_checkout.client().post("/tickets/scan", body, TicketDesk::door());
        QCOMPARE(answer.status, status);
        QCOMPARE(answer.code(), QStringLiteral("bad_request"));
        QCOMPARE(m_checkout.client().post("/tickets/scan", body, testToken("a-fan")).status, 403);
    }

    void usedTicketStaysUsed()
    {
        // Defect 6: a scanned ticket could be reissued (or refunded) and scan valid again.
        const QJsonArray tickets = m_desk.sell(m_event, 2);
        const QString orderId = m_desk.lastOrder();
        const QJsonObject used = tickets[0].toObject();
        QCOMPARE(m_desk.result(used.value(u"code").toString(), m_event), QStringLiteral("valid"));
        const QByteArray clerk = testToken(QStringLiteral("used-clerk"), QStringLiteral("clerk"));
        const auto reissue = m_checkout.client()
                                 .post("/tickets/" + used.value(u"ticket_id").toString().toLatin1()
                                           + "/reissue",
                                       {},
                                       clerk);
        QCOMPARE(reissue.status, 409);
        QCOMPARE(reissue.code(), QStringLiteral("ticket_used"));
        const auto refund = m_checkout.client().post("/orders/" + orderId.toLatin1() + "/refund",
                                                     {},
                                                     clerk);
        QCOMPARE(refund.status, 409);
        QCOMPARE(refund.code(), QStringLiteral("ticket_used"));
        const auto partial = m_checkout.client().post("/orders/" + orderId.toLatin1() + "/refund",
                                                      QJsonObject{
                                                          {QStringLiteral("ticket_ids"),
                                                           QJsonArray{used.value(u"ticket_id")}}},
                                                      clerk);
        QCOMPARE(partial.code(), QStringLiteral("ticket_used"));
        // Nothing changed: the used ticket is still the one valid, used ticket of its seat.
        QCOMPARE(m_desk.result(used.value(u"code").toString(), m_event),
                 QStringLiteral("already_used"));
        // The unused one of the same order is refunded as usual.
        QCOMPARE(m_checkout.client()
                     .post("/orders/" + orderId.toLatin1() + "/refund",
                           QJsonObject{{QStringLiteral("ticket_ids"),
                                        QJsonArray{tickets[1][u"ticket_id"]}}},
                           clerk)
                     .status,
                 200);
    }

    void twoGatesAtOnceAdmitOne()
    {
        QStringList codes;
        for (int i = 0; i < 4; ++i) {
            for (const QJsonValue &t : m_desk.sell(m_event, 5))
                codes.append(t[u"code"].toString());
        }
        QCOMPARE(codes.size(), 20);
        QList<HttpRequest> requests;
        for (const QString &code : codes) {
            for (const char *gate : {"A", "B", "C"})
                requests.append(HttpClient::request(
                    "POST",
                    "/tickets/scan",
                    QJsonDocument(TicketDesk::scanBody(code, m_event, QString::fromLatin1(gate)))
                        .toJson(QJsonDocument::Compact),
                    TicketDesk::door()));
        }
        const auto answers = m_checkout.client().concurrently(requests, 30000, true);
        QHash<QString, int> valid;
        for (int i = 0; i < answers.size(); ++i) {
            QCOMPARE(answers[i].status, 200);
            const QString result = answers[i].json().value(u"result").toString();
            QVERIFY2(result == u"valid" || result == u"already_used", qPrintable(result));
            valid[codes[i / 3]] += result == u"valid" ? 1 : 0;
        }
        for (const QString &code : codes)
            QCOMPARE(valid.value(code), 1);
        QCOMPARE(admissionViolations(), QString());
    }

    void serverKilledMidScan()
    {
        QStringList codes;
        for (int i = 0; i < 6; ++i) {
            for (const QJsonValue &t : m_desk.sell(m_event, 5))
                codes.append(t[u"code"].toString());
        }
        QList<HttpRequest> requests;
        for (const QString &code : codes)
            requests.append(HttpClient::request("POST",
                                                "/tickets/scan",
                                                QJsonDocument(TicketDesk::scanBody(code, m_event))
                                                    .toJson(QJsonDocument::Compact),
                                                TicketDesk::door()));
        m_checkout.client().concurrently(requests, 15); // answers not awaited
        m_checkout.server->kill();
        QVERIFY(m_checkout.server->start());
        // Whatever committed before the kill is admitted once; the rest is admitted now.
        int validNow = 0;
        for (const QString &code : codes) {
            const QString result = m_desk.result(code, m_event);
            QVERIFY2(result == u"valid" || result == u"already_used", qPrintable(result));
            validNow += result == u"valid" ? 1 : 0;
            QCOMPARE(m_desk.result(code, m_event), QStringLiteral("already_used"));
        }
        qInfo("admitted before the kill: %lld of %lld",
              qlonglong(codes.size() - validNow),
              qlonglong(codes.size()));
        QCOMPARE(admissionViolations(), QString());
    }

    void databaseConnectionsCut()
    {
        QStringList codes;
        for (int i = 0; i < 4; ++i) {
            for (const QJsonValue &t : m_desk.sell(m_event, 5))
                codes.append(t[u"code"].toString());
        }
        QList<HttpRequest> requests;
        for (const QString &code : codes) {
            for (const char *gate : {"A", "B"})
                requests.append(HttpClient::request(
                    "POST",
                    "/tickets/scan",
                    QJsonDocument(TicketDesk::scanBody(code, m_event, QString::fromLatin1(gate)))
                        .toJson(QJsonDocument::Compact),
                    TicketDesk::door()));
        }
        // Cut every server connection while the scans run.
        std::thread cutter([url = m_checkout.server->databaseUrl()] {
            pqxx::connection connection{url};
            for (int i = 0; i < 5; ++i) {
                pqxx::nontransaction(connection)
                    .exec("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                          " WHERE datname = current_database() AND pid <> pg_backend_pid()");
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
            }
        });
        const auto answers = m_checkout.client().concurrently(requests, 30000, true);
        cutter.join();
        for (const HttpResponse &answer : answers)
            QVERIFY2(answer.status == 200 || answer.status == 503, answer.body.constData());
        // Afterwards each ticket is admitted exactly once, whatever the cut did.
        for (const QString &code : codes) {
            const QString result = m_desk.result(code, m_event);
            QVERIFY2(result == u"valid" || result == u"already_used", qPrintable(result));
        }
        QCOMPARE(admissionViolations(), QString());
    }

    void offlineJournalSyncs()
    {
        const QJsonArray tickets = m_desk.sell(m_event, 3);
        // Two scanners were offline: both let ticket 0 in; each admitted one other ticket.
        auto journal = [&](const QString &device, const QList<int> &which, int minutesAgo) {
            QJsonArray scans;
            for (int i : which) {
                QJsonObject scan = TicketDesk::scanBody(tickets[i][u"code"].toString(), m_event);
                scan.insert(u"device_id", device);
                scan.insert(u"scanned_at",
                            QDateTime::currentDateTimeUtc()
                                .addSecs(-60 * minutesAgo)
                                .toString(Qt::ISODate));
                scan.insert(u"admitted_offline", true);
                scans.append(scan);
            }
            return m_checkout.client().post("/tickets/scans",
                                            QJsonObject{{QStringLiteral("scans"), scans}},
                                            TicketDesk::door());
        };
        const auto first = journal(QStringLiteral("door-east"), {0, 1}, 5);
        QCOMPARE(first.status, 200);
        const QJsonArray firstResults = first.json().value(u"results").toArray();
        QCOMPARE(firstResults[0][u"result"].toString(), QStringLiteral("valid"));
        QCOMPARE(firstResults[1][u"result"].toString(), QStringLiteral("valid"));
        const auto second = journal(QStringLiteral("door-west"), {0, 2}, 3);
        const QJsonArray secondResults = second.json().value(u"results").toArray();
        QCOMPARE(secondResults[0][u"result"].toString(), QStringLiteral("already_used"));
        QVERIFY(secondResults[0][u"double_entry"].toBool());
        QCOMPARE(secondResults[1][u"result"].toString(), QStringLiteral("valid"));
        // The first admission keeps its offline time.
        const QDateTime firstUsed
            = QDateTime::fromString(secondResults[0][u"first_used_at"].toString(), Qt::ISODate);
        QVERIFY(firstUsed < QDateTime::currentDateTimeUtc().addSecs(-240));
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM ticket_scans WHERE flagged"), 1);
        // A journal sent again (its answer was lost) is the same admissions, not new entries.
        const QJsonArray replay
            = journal(QStringLiteral("door-east"), {0, 1}, 5).json().value(u"results").toArray();
        QCOMPARE(replay[0][u"result"].toString(), QStringLiteral("valid"));
        QVERIFY(!replay[0][u"double_entry"].toBool());
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM ticket_scans WHERE flagged"), 1);
        // A bad entry refuses the whole journal, and nothing of it is written.
        const auto bad = m_checkout.client().post(
            "/tickets/scans",
            QJsonObject{{QStringLiteral("scans"),
                         QJsonArray{TicketDesk::scanBody(QStringLiteral("a.b"), m_event),
                                    QJsonObject{{QStringLiteral("code"), 1}}}}},
            TicketDesk::door());
        QCOMPARE(bad.status, 400);
        QCOMPARE(admissionViolations(), QString());
    }

    void cleanupTestCase()
    {
        QCOMPARE(saleViolations(m_checkout.server->databaseUrl()), QString());
    }
};

QTEST_GUILESS_MAIN(TicketScanTest)
#include "tst_ticketscan.moc"
