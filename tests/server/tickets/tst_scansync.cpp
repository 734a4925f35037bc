// SPDX-License-Identifier: GPL-3.0-or-later
#include "checkoutfixture.h"
#include "ticketfixture.h"

#include <QElapsedTimer>

// A scanner's journal synced (#16, POST /tickets/scans) set-based: 2,000 scans in well under
// the 10,000-in-10-s budget; the rules inside one journal (first kept, a second gate flagged,
// the same device replayed, void, wrong event, unknown, exits); two gates syncing overlapping
// journals at once, one of them reversed, admit each ticket once and never deadlock; a server
// killed while a journal waits on a row lock writes nothing, and the journal sent again counts.
using namespace boxoffice::test;

class ScanSyncTest : public QObject
{
    Q_OBJECT

    Checkout m_checkout;
    TicketDesk m_desk{m_checkout};
    QString m_event;
    QString m_otherEvent;
    QStringList m_codes; // GA tickets of m_event, sold at the counter
    int m_next = 0;      // the first code no test has used yet

    QStringList take(int count)
    {
        const QStringList out = m_codes.mid(m_next, count);
        if (out.size() != count)
            qFatal("sell more tickets in initTestCase");
        m_next += count;
        return out;
    }

    // GA tickets of `eventId`, 50 per counter sale (one clerk each).
    QStringList sellGa(const QString &eventId, int count)
    {
        static int clerks = 0;
        QStringList codes;
        while (codes.size() < count) {
            const int chunk = std::min(50, int(count - codes.size()));
            const QByteArray clerk = testToken(QStringLiteral("sync-clerk-%1").arg(++clerks),
                                               QStringLiteral("clerk"));
            const auto hold = m_checkout.client().post("/holds",
                                                       {{QStringLiteral("event_id"), eventId},
                                                        {QStringLiteral("ga"),
                                                         QStringLiteral("PISTA")},
                                                        {QStringLiteral("quantity"), chunk}},
                                                       clerk);
            const auto sale = m_checkout.client().post(
                "/orders",
                {{QStringLiteral("hold_id"), hold.json().value(u"hold_id")},
                 {QStringLiteral("payment"),
                  QJsonObject{{QStringLiteral("method"), QStringLiteral("card_present")},
                              {QStringLiteral("reference"), QStringLiteral("SYNC")}}}},
                clerk);
            const QJsonArray tickets = sale.json().value(u"tickets").toArray();
            if (tickets.size() != chunk) {
                qWarning("GA sale failed: %s %s", hold.body.constData(), sale.body.constData());
                return {};
            }
            for (const QJsonValue &t : tickets)
                codes.append(t[u"code"].toString());
        }
        return codes;
    }

    static QJsonObject offlineScan(const QString &code,
                                   const QString &eventId,
                                   const QString &gate,
                                   int secondsAgo = 600)
    {
        QJsonObject scan = TicketDesk::scanBody(code, eventId, gate);
        scan.insert(u"device_id", QString(QStringLiteral("scanner-") + gate));
        scan.insert(u"scanned_at",
                    QDateTime::currentDateTimeUtc().addSecs(-secondsAgo).toString(Qt::ISODate));
        scan.insert(u"admitted_offline", true);
        return scan;
    }
    static QByteArray journal(const QList<QJsonObject> &scans)
    {
        QJsonArray array;
        for (const QJsonObject &scan : scans)
            array.append(scan);
        return QJsonDocument(QJsonObject{{QStringLiteral("scans"), array}})
            .toJson(QJsonDocument::Compact);
    }
    HttpResponse sync(const QList<QJsonObject> &scans)
    {
        return m_checkout.client()
            .send(HttpClient::request("POST", "/tickets/scans", journal(scans), TicketDesk::door()),
                  60000);
    }
    static QStringList results(const HttpResponse &answer)
    {
        QStringList out;
        for (const QJsonValue &r : answer.json().value(u"results").toArray())
            out.append(r[u"result"].toString() + (r[u"double_entry"].toBool() ? u"!"_qs : u""_qs));
        return out;
    }
    qint64 count(const QString &sql) { return m_checkout.scalar(sql.toStdString()); }
    // UPDATE statements on tickets in this database since the counter was set up: a statement
    // trigger counts them (pg_stat_statements, shared by every test's database, may evict the
    // entry mid-test on a busy server).
    qint64 ticketScanUpdates()
    {
        pqxx::connection connection{m_checkout.server->databaseUrl()};
        pqxx::nontransaction(connection)
            .exec0("CREATE TABLE IF NOT EXISTS test_ticket_updates (n bigint NOT NULL);"
                   " INSERT INTO test_ticket_updates SELECT 0 WHERE NOT EXISTS"
                   " (SELECT 1 FROM test_ticket_updates);"
                   " CREATE OR REPLACE FUNCTION test_count_ticket_update() RETURNS trigger"
                   " LANGUAGE plpgsql AS $$ BEGIN UPDATE test_ticket_updates SET n = n + 1;"
                   " RETURN NULL; END $$;"
                   " CREATE OR REPLACE TRIGGER test_count_ticket_update AFTER UPDATE ON tickets"
                   " FOR EACH STATEMENT EXECUTE FUNCTION test_count_ticket_update()");
        return count(QStringLiteral("SELECT n FROM test_ticket_updates"));
    }

    // Every ticket admitted by at most one logged scan, and marked used exactly when one did.
    QString admissionViolations()
    {
        const qint64 twice = count(QStringLiteral(
            "SELECT count(*) FROM (SELECT ticket_id FROM ticket_scans WHERE result = 'valid'"
            " AND direction = 'in' GROUP BY 1 HAVING count(*) > 1) x"));
        const qint64 unlogged = count(QStringLiteral(
            "SELECT count(*) FROM tickets t WHERE used_at IS NOT NULL AND NOT EXISTS"
            " (SELECT 1 FROM ticket_scans s WHERE s.ticket_id = t.id AND s.result = 'valid')"));
        const qint64 unmarked = count(QStringLiteral(
            "SELECT count(*) FROM ticket_scans s JOIN tickets t ON t.id = s.ticket_id"
            " WHERE s.result = 'valid' AND s.direction = 'in' AND t.used_at IS NULL"));
        return twice + unlogged + unmarked == 0
                   ? QString()
                   : QStringLiteral("twice %1, unlogged %2, unmarked %3")
                         .arg(twice)
                         .arg(unlogged)
                         .arg(unmarked);
    }

private Q_SLOTS:
    void initTestCase()
    {
        // Any free port, also after the restart below (a probed port can be taken by a
        // parallel test before the server binds it).
        QVERIFY(m_checkout.start());
        m_event = m_checkout.createEvent(QStringLiteral("sync"), 6, 10, 3500, 600, 1000, 3);
        m_otherEvent = m_checkout.createEvent(QStringLiteral("sync-2"), 6, 10, 100, 600, 1000, 3);
        QVERIFY(!m_event.isEmpty() && !m_otherEvent.isEmpty());
        QElapsedTimer timer;
        timer.start();
        m_codes = sellGa(m_event, 3300);
        QCOMPARE(m_codes.size(), 3300);
        qInfo("sold %lld GA tickets in %.1f s", qlonglong(m_codes.size()), timer.elapsed() / 1e3);
    }

    // 2,000 scans in two journals of 1,000 (the most one request takes): before this was
    // set-based it took 10-20 s here (about 5-10 ms a scan); the budget is 10,000 in 10 s.
    void twoThousandScansSyncFast()
    {
        const QStringList codes = take(2000);
        const qint64 updatesBefore = ticketScanUpdates();
        QElapsedTimer timer;
        timer.start();
        for (int batch = 0; batch < 2; ++batch) {
            QList<QJsonObject> scans;
            for (const QString &code : codes.mid(batch * 1000, 1000))
                scans.append(offlineScan(code, m_event, QStringLiteral("N")));
            const auto answer = sync(scans);
            QCOMPARE(answer.status, 200);
            const QStringList got = results(answer);
            QCOMPARE(got.size(), 1000);
            QCOMPARE(got.count(QStringLiteral("valid")), 1000);
        }
        const double elapsed = timer.elapsed() / 1000.0;
        qInfo("2000 scans synced in %.2f s", elapsed);
        // Set-based is a statement count, not a time (a loaded machine must not fail it): row by
        // row, every scan ran its own UPDATE of tickets; now each of the two batches runs one.
        const qint64 updates = ticketScanUpdates() - updatesBefore;
        QVERIFY2(updates >= 2 && updates <= 4, qPrintable(QString::number(updates)));
        QCOMPARE(count(QStringLiteral("SELECT count(*) FROM tickets WHERE used_gate = 'N'")), 2000);
        QCOMPARE(admissionViolations(), QString());
    }

    // The rules inside one journal, each scan seeing the ones before it.
    void rulesHoldWithinOneJournal()
    {
        const QStringList codes = take(3);
        // A refunded ticket is void; a reissued one's old code is void.
        QJsonArray refundable = m_desk.sell(m_event, 1);
        const QString refundedOrder = m_desk.lastOrder();
        QJsonArray reissued = m_desk.sell(m_event, 1);
        const QByteArray clerk = testToken(QStringLiteral("sync-refunder"), QStringLiteral("clerk"));
        QCOMPARE(m_checkout.client()
                     .post("/orders/" + refundedOrder.toLatin1() + "/refund", {}, clerk)
                     .status,
                 200);
        QCOMPARE(m_checkout.client()
                     .post("/tickets/" + reissued[0][u"ticket_id"].toString().toLatin1()
                               + "/reissue",
                           {},
                           clerk)
                     .status,
                 201);
        const QJsonArray other = m_desk.sell(m_otherEvent, 1);
        const QList<QJsonObject> scans{
            offlineScan(codes[0], m_event, QStringLiteral("A"), 900), // first: kept
            offlineScan(codes[0], m_event, QStringLiteral("B"), 800), // another gate: flagged
            offlineScan(codes[0], m_event, QStringLiteral("A"), 900), // the same device again
            TicketDesk::scanBody(codes[1], m_event, QStringLiteral("A"), QStringLiteral("out")),
            TicketDesk::scanBody(codes[1], m_event), // in after an exit record
            TicketDesk::scanBody(codes[1], m_event), // online, twice
            offlineScan(refundable[0][u"code"].toString(), m_event, QStringLiteral("A")),
            offlineScan(reissued[0][u"code"].toString(), m_event, QStringLiteral("A")),
            offlineScan(other[0][u"code"].toString(), m_event, QStringLiteral("A")),
            offlineScan(QStringLiteral("eyJ0IjoxfQ.AAAA"), m_event, QStringLiteral("A")),
            // A real ticket's payload with a signature of zeros: not the issued code, and its
            // signature fails, so unknown.
            offlineScan(codes[2].section(u'.', 0, 0) + u'.'
                            + QString::fromLatin1(QByteArray(64, '\0').toBase64(
                                QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals)),
                        m_event,
                        QStringLiteral("A")),
            offlineScan(codes[2], m_otherEvent, QStringLiteral("A")), // wrong door
            offlineScan(codes[2], m_event, QStringLiteral("A")),      // the right one
        };
        const auto answer = sync(scans);
        QCOMPARE(answer.status, 200);
        QCOMPARE(results(answer),
                 QStringList({"valid",
                              "already_used!",
                              "valid",
                              "valid",
                              "valid",
                              "already_used",
                              "void",
                              "void",
                              "wrong_event",
                              "unknown",
                              "unknown",
                              "wrong_event",
                              "valid"}));
        const QJsonArray out = answer.json().value(u"results").toArray();
        // The first admission's time and gate, as the second gate is told.
        QCOMPARE(out[1][u"first_used_gate"].toString(), QStringLiteral("A"));
        QCOMPARE(out[1][u"first_used_at"].toString(), scans[0].value(u"scanned_at").toString());
        QVERIFY(!out[2][u"double_entry"].toBool());
        QCOMPARE(out[0][u"ticket"][u"ga_id"].toString(), QStringLiteral("PISTA"));
        QVERIFY(out[9][u"ticket"].isUndefined());
        QVERIFY(out[10][u"ticket"].isUndefined());
        // Logged in journal order, with what the log keeps of each.
        pqxx::connection connection{m_checkout.server->databaseUrl()};
        pqxx::nontransaction work{connection};
        QStringList logged;
        for (const auto &row :
             work.exec("SELECT result || CASE WHEN flagged THEN '!' ELSE '' END FROM ticket_scans"
                       " ORDER BY id DESC LIMIT 13"))
            logged.prepend(QString::fromUtf8(row[0].c_str()));
        QCOMPARE(logged,
                 QStringList({"valid",
                              "already_used!",
                              "replayed",
                              "valid",
                              "valid",
                              "already_used",
                              "void",
                              "void",
                              "wrong_event",
                              "unknown",
                              "unknown",
                              "wrong_event",
                              "valid"}));
        // The single-scan route follows the same rules.
        QCOMPARE(m_desk.result(codes[0], m_event), QStringLiteral("already_used"));
        QCOMPARE(m_desk.result(refundable[0][u"code"].toString(), m_event), QStringLiteral("void"));
        QCOMPARE(admissionViolations(), QString());
    }

    // Two gates come back at once with overlapping journals (one in reverse order, so row
    // locks taken scan by scan would cross): each ticket is admitted once, the other gate's
    // copy is flagged; neither request fails; a retry changes nothing.
    void twoGatesSyncOverlappingJournalsAtOnce()
    {
        const QStringList codes = take(900);
        QList<QJsonObject> east, west;
        for (int i = 0; i < 600; ++i)
            east.append(offlineScan(codes[i], m_event, QStringLiteral("E"), 700));
        for (int i = 899; i >= 300; --i)
            west.append(offlineScan(codes[i], m_event, QStringLiteral("W"), 650));
        const auto answers = m_checkout.client().concurrently(
            {HttpClient::request("POST", "/tickets/scans", journal(east), TicketDesk::door()),
             HttpClient::request("POST", "/tickets/scans", journal(west), TicketDesk::door())},
            60000,
            true);
        QCOMPARE(answers[0].status, 200);
        QCOMPARE(answers[1].status, 200);
        const QStringList e = results(answers[0]);
        const QStringList w = results(answers[1]);
        for (int i = 0; i < 900; ++i) {
            const QString atEast = i < 600 ? e[i] : QString();
            const QString atWest = i >= 300 ? w[899 - i] : QString();
            if (i < 300)
                QCOMPARE(atEast, QStringLiteral("valid"));
            else if (i >= 600)
                QCOMPARE(atWest, QStringLiteral("valid"));
            else
                QVERIFY2((atEast == u"valid" && atWest == u"already_used!")
                             || (atWest == u"valid" && atEast == u"already_used!"),
                         qPrintable(atEast + u' ' + atWest));
        }
        QCOMPARE(count(QStringLiteral("SELECT count(*) FROM ticket_scans WHERE flagged"
                                      " AND gate IN ('E', 'W')")),
                 300);
        QCOMPARE(count(QStringLiteral("SELECT count(*) FROM tickets WHERE used_gate IN ('E','W')")),
                 900);
        // East's answer was lost; it sends the journal again: the same admissions.
        const auto again = sync(east);
        QCOMPARE(again.status, 200);
        const QStringList r = results(again);
        for (int i = 0; i < 600; ++i)
            QCOMPARE(r[i], e[i] == u"valid" ? u"valid"_qs : u"already_used!"_qs);
        QCOMPARE(count(QStringLiteral("SELECT count(*) FROM tickets WHERE used_gate IN ('E','W')")),
                 900);
        QCOMPARE(admissionViolations(), QString());
    }

    // A journal waits on a ticket another transaction holds; the server is killed meanwhile:
    // none of the journal is written. Sent again after the restart, all of it counts, once.
    void serverKilledMidSyncWritesNothing()
    {
        const QStringList codes = take(300);
        QList<QJsonObject> scans;
        for (const QString &code : codes)
            scans.append(offlineScan(code, m_event, QStringLiteral("K")));
        const QJsonArray blocked = m_desk.sell(m_event, 1);
        QCOMPARE(blocked.size(), 1);
        scans.append(offlineScan(blocked[0][u"code"].toString(), m_event, QStringLiteral("K")));
        pqxx::connection blocker{m_checkout.server->databaseUrl()};
        {
            pqxx::work lock{blocker};
            lock.exec_params("SELECT 1 FROM tickets WHERE id = $1::uuid FOR UPDATE",
                             blocked[0][u"ticket_id"].toString().toStdString());
            m_checkout.client().concurrently({HttpClient::request("POST",
                                                                  "/tickets/scans",
                                                                  journal(scans),
                                                                  TicketDesk::door())},
                                             1500); // no answer: it waits on the lock
            QTRY_VERIFY_WITH_TIMEOUT(count(QStringLiteral(
                                         "SELECT count(*) FROM pg_stat_activity WHERE"
                                         " wait_event_type = 'Lock' AND datname ="
                                         " current_database()"))
                                         == 1,
                                     10000);
            m_checkout.server->kill();
            lock.abort();
        }
        QCOMPARE(count(QStringLiteral("SELECT count(*) FROM ticket_scans WHERE gate = 'K'")), 0);
        QCOMPARE(count(QStringLiteral("SELECT count(*) FROM tickets WHERE used_gate = 'K'")), 0);
        QVERIFY(m_checkout.server->start());
        const auto answer = sync(scans);
        QCOMPARE(answer.status, 200);
        QStringList notValid = results(answer);
        notValid.removeAll(QStringLiteral("valid"));
        QCOMPARE(notValid, QStringList());
        QCOMPARE(count(QStringLiteral("SELECT count(*) FROM tickets WHERE used_gate = 'K'")), 301);
        QCOMPARE(admissionViolations(), QString());
    }

    void cleanupTestCase()
    {
        QCOMPARE(saleViolations(m_checkout.server->databaseUrl()), QString());
    }
};

QTEST_GUILESS_MAIN(ScanSyncTest)
#include "tst_scansync.moc"
