// SPDX-License-Identifier: GPL-3.0-or-later
#include "dbcheck.h"
#include "seededevent.h"
#include "serverprocess.h"
#include "testenv.h"

#include <QRandomGenerator>
#include <QSet>
#include <QTest>
#include <QThread>

using namespace boxoffice::test;

// Holds under concurrency, over real HTTP: one winner per seat, all-or-nothing sets, GA never
// above capacity, logical expiry without the sweeper.
class TestHoldRace : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<ServerProcess> m_server;
    QByteArray m_manager;

    QString createEvent(const QString &venueId, const EventShape &shape)
    {
        return SeededEvent::create(m_server->client(), m_manager, venueId, shape).eventId;
    }

    static QByteArray holdBody(const QString &eventId, const QStringList &seats)
    {
        return QJsonDocument(
                   QJsonObject{{QStringLiteral("event_id"), eventId},
                               {QStringLiteral("seats"), QJsonArray::fromStringList(seats)}})
            .toJson(QJsonDocument::Compact);
    }

private Q_SLOTS:
    void initTestCase()
    {
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        // No sweeper during these tests: expiry must work without it.
        m_server = std::make_unique<ServerProcess>(url,
                                                   QStringList{QStringLiteral(
                                                                   "--sweep-interval-ms"),
                                                               QStringLiteral("3600000")});
        QVERIFY2(m_server->isRunning(), m_server->log().constData());
        m_manager = testToken(QStringLiteral("manager"), QStringLiteral("manager"));
    }

    void oneWinnerPerSeat()
    {
        const QString eventId = createEvent(QStringLiteral("race1"), EventShape::seats(2, 10));
        QVERIFY(!eventId.isEmpty());
        QList<HttpRequest> requests;
        for (int i = 0; i < 200; ++i)
            requests.append(HttpClient::request("POST",
                                                "/holds",
                                                holdBody(eventId, {QStringLiteral("S1-1-5")}),
                                                testToken(QStringLiteral("racer-%1").arg(i))));
        const auto responses = m_server->client().concurrently(requests, 60000);
        int won = 0, lost = 0;
        for (const auto &response : responses) {
            if (response.status == 201)
                ++won;
            else if (response.status == 409 && response.code() == u"seat_unavailable"
                     && response.json().value(u"seats").toArray()
                            == QJsonArray{QStringLiteral("S1-1-5")})
                ++lost;
            else
                QFAIL(qPrintable(QStringLiteral("unexpected answer %1: %2")
                                     .arg(response.status)
                                     .arg(QString::fromUtf8(response.body))));
        }
        QCOMPARE(won, 1);
        QCOMPARE(lost, 199);
        const auto metrics = m_server->client().get("/metrics");
        QCOMPARE(metrics.status, 200);
        QVERIFY2(metrics.body.contains("boxoffice_hold_requests_total{result=\"created\"} 1\n"),
                 metrics.body.constData());
        QVERIFY2(metrics.body.contains("boxoffice_hold_conflicts_total 199\n"),
                 metrics.body.constData());
        QCOMPARE(inventoryViolations(m_server->databaseUrl()), QString());
    }

    void overlappingSetsAreAllOrNothing()
    {
        const QString eventId = createEvent(QStringLiteral("race2"), EventShape::seats(1, 12));
        QVERIFY(!eventId.isEmpty());
        auto *random = QRandomGenerator::global();
        QList<HttpRequest> requests;
        QList<QStringList> asked;
        for (int i = 0; i < 120; ++i) {
            // 2-4 adjacent-ish seats from a row of 12, in random order: heavy overlap.
            const int size = 2 + int(random->bounded(3));
            const int start = 1 + int(random->bounded(12 - size + 1));
            QStringList seats;
            for (int n = start; n < start + size; ++n)
                seats.append(QStringLiteral("S1-1-%1").arg(n));
            std::shuffle(seats.begin(), seats.end(), *random);
            asked.append(seats);
            requests.append(HttpClient::request("POST",
                                                "/holds",
                                                holdBody(eventId, seats),
                                                testToken(QStringLiteral("overlap-%1").arg(i))));
        }
        const auto responses = m_server->client().concurrently(requests, 60000);
        QSet<QString> taken;
        int won = 0;
        for (qsizetype i = 0; i < responses.size(); ++i) {
            const auto &response = responses[i];
            if (response.status == 201) {
                ++won;
                QStringList got;
                for (const QJsonValue &seat : response.json().value(u"seats").toArray())
                    got.append(seat.toString());
                QStringList want = asked[i];
                std::sort(want.begin(), want.end());
                QCOMPARE(got, want); // all of them
                for (const QString &seat : got) {
                    QVERIFY2(!taken.contains(seat),
                             qPrintable(seat + QStringLiteral(" is in two holds")));
                    taken.insert(seat);
                }
            } else {
                QCOMPARE(response.status, 409);
                const QJsonArray conflicting = response.json().value(u"seats").toArray();
                QVERIFY(!conflicting.isEmpty());
            }
        }
        QVERIFY(won >= 3);
        // The database agrees: exactly the won seats are held, each by one hold.
        pqxx::connection connection{m_server->databaseUrl()};
        pqxx::nontransaction work{connection};
        const int held = work.exec_params1("SELECT count(*) FROM inventory WHERE event_id = "
                                           "$1::uuid AND status = 'held'",
                                           eventId.toStdString())[0]
                             .as<int>();
        QCOMPARE(held, int(taken.size()));
        QCOMPARE(inventoryViolations(m_server->databaseUrl()), QString());
    }

    void gaNeverAboveCapacity()
    {
        const QString eventId = createEvent(QStringLiteral("race3"),
                                            EventShape::seatsAndGa(1, 1, 100));
        QVERIFY(!eventId.isEmpty());
        QList<HttpRequest> requests;
        const QByteArray body = QJsonDocument(
                                    QJsonObject{{QStringLiteral("event_id"), eventId},
                                                {QStringLiteral("ga"), QStringLiteral("PISTA")},
                                                {QStringLiteral("quantity"), 1}})
                                    .toJson();
        for (int i = 0; i < 300; ++i)
            requests.append(HttpClient::request("POST",
                                                "/holds",
                                                body,
                                                testToken(QStringLiteral("ga-%1").arg(i))));
        const auto responses = m_server->client().concurrently(requests, 60000);
        int won = 0, full = 0;
        for (const auto &response : responses) {
            if (response.status == 201)
                ++won;
            else if (response.status == 422 && response.code() == u"insufficient_capacity")
                ++full;
            else
                QFAIL(qPrintable(QStringLiteral("unexpected %1: %2")
                                     .arg(response.status)
                                     .arg(QString::fromUtf8(response.body))));
        }
        QCOMPARE(won, 100);
        QCOMPARE(full, 200);
        pqxx::connection connection{m_server->databaseUrl()};
        pqxx::nontransaction work{connection};
        QCOMPARE(work.exec_params1("SELECT held FROM ga_zones WHERE event_id = $1::uuid",
                                   eventId.toStdString())[0]
                     .as<int>(),
                 100);
        QCOMPARE(inventoryViolations(m_server->databaseUrl()), QString());
    }

    void concurrentBestAvailableTakesDistinctSeats()
    {
        const QString eventId = createEvent(QStringLiteral("race4"), EventShape::seats(10, 20));
        QVERIFY(!eventId.isEmpty());
        const QByteArray body = QJsonDocument(
                                    QJsonObject{{QStringLiteral("event_id"), eventId},
                                                {QStringLiteral("section"), QStringLiteral("S1")},
                                                {QStringLiteral("quantity"), 3}})
                                    .toJson();
        QList<HttpRequest> requests;
        for (int i = 0; i < 40; ++i)
            requests.append(HttpClient::request("POST",
                                                "/holds",
                                                body,
                                                testToken(QStringLiteral("best-%1").arg(i))));
        const auto responses = m_server->client().concurrently(requests, 60000);
        QSet<QString> taken;
        for (const auto &response : responses) {
            QCOMPARE(response.status, 201); // 200 seats are plenty for 120
            const QJsonArray seats = response.json().value(u"seats").toArray();
            QCOMPARE(seats.size(), 3);
            for (const QJsonValue &seat : seats) {
                QVERIFY(!taken.contains(seat.toString()));
                taken.insert(seat.toString());
            }
        }
        QCOMPARE(inventoryViolations(m_server->databaseUrl()), QString());
    }

    void expiredHoldsAreTakenAtOnce()
    {
        const QString eventId = createEvent(QStringLiteral("expiry"),
                                            EventShape::seatsAndGa(1, 4, 5).holding(1));
        QVERIFY(!eventId.isEmpty());
        const auto client = m_server->client();
        const QByteArray alice = testToken(QStringLiteral("alice"));
        const QByteArray bob = testToken(QStringLiteral("bob"));
        const auto first = client.postRaw("/holds",
                                          holdBody(eventId,
                                                   {QStringLiteral("S1-1-1"),
                                                    QStringLiteral("S1-1-2")}),
                                          alice);
        QCOMPARE(first.status, 201);
        const QJsonObject gaBody{{QStringLiteral("event_id"), eventId},
                                 {QStringLiteral("ga"), QStringLiteral("PISTA")},
                                 {QStringLiteral("quantity"), 5}};
        QCOMPARE(client.post("/holds", gaBody, alice).status, 201);
        QCOMPARE(client.postRaw("/holds", holdBody(eventId, {QStringLiteral("S1-1-2")}), bob).status,
                 409);
        QCOMPARE(client.post("/holds", gaBody, bob).status, 422);
        QThread::msleep(1300); // past hold_seconds = 1; the sweeper is off
        const auto second = client.postRaw("/holds",
                                           holdBody(eventId, {QStringLiteral("S1-1-2")}),
                                           bob);
        QCOMPARE(second.status, 201);
        QCOMPARE(client.post("/holds", gaBody, bob).status, 201);
        const QByteArray path = "/holds/" + first.json().value(u"hold_id").toString().toLatin1();
        QCOMPARE(client.get(path, alice).json().value(u"status").toString(),
                 QStringLiteral("expired"));
        // The map is a projection: the sweeper (tst_serverlifecycle) shows S1-1-1 free there.
        // Releasing the expired hold does not free bob's seat (bob's hold may itself expire by
        // now, so the database is asked who owns the seat rather than the clock).
        QCOMPARE(client.del(path, alice).status, 204);
        pqxx::connection connection{m_server->databaseUrl()};
        pqxx::nontransaction work{connection};
        const auto row = work.exec_params1("SELECT hold_id::text, status FROM inventory WHERE "
                                           "event_id = $1::uuid AND seat_id = 'S1-1-2'",
                                           eventId.toStdString());
        QCOMPARE(QString::fromStdString(row[0].as<std::string>()),
                 second.json().value(u"hold_id").toString());
        QCOMPARE(QString::fromStdString(row[1].as<std::string>()), QStringLiteral("held"));
        QCOMPARE(inventoryViolations(m_server->databaseUrl()), QString());
    }

    void cleanupTestCase()
    {
        if (m_server)
            QCOMPARE(m_server->terminate(), 0);
    }
};

QTEST_GUILESS_MAIN(TestHoldRace)
#include "tst_holdrace.moc"
