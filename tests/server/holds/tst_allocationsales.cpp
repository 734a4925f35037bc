// SPDX-License-Identifier: GPL-3.0-or-later
#include "dbcheck.h"
#include "seededevent.h"
#include "serverprocess.h"
#include "testenv.h"

#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QSet>
#include <QTest>

#include <atomic>
#include <future>
#include <thread>
#include <vector>

using namespace boxoffice::test;

// Selling an allocation at the counter (docs/back-office.md): a clerk holds seats of an
// allocation a manager lets the counter sell, and sells them; a hold that ends unsold gives
// them back to the allocation; nobody else ever gets them; the database decides all of it.
class TestAllocationSales : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<ServerProcess> m_server;
    QByteArray m_manager;
    QByteArray m_clerk;
    int m_venues = 0;

    HttpClient client() const { return m_server->client(); }

    // An event whose row 1 (S1-1-1 .. S1-1-n) is the allocation `press`, counter sale `allowed`.
    QString eventWithPress(int seats, bool allowed, int rows = 2)
    {
        const auto seeded = SeededEvent::create(client(),
                                                m_manager,
                                                QStringLiteral("al%1").arg(++m_venues),
                                                EventShape::seats(rows, seats));
        if (!seeded.ok())
            return {};
        QStringList row;
        for (int n = 1; n <= seats; ++n)
            row.append(QStringLiteral("S1-1-%1").arg(n));
        const auto held = client().send(
            HttpClient::request("PUT",
                                path(seeded.eventId, "/holdbacks"),
                                json({{QStringLiteral("seats"), QJsonArray::fromStringList(row)},
                                      {QStringLiteral("kind"), QStringLiteral("allocation")},
                                      {QStringLiteral("allocation"), QStringLiteral("press")}}),
                                m_manager));
        if (held.status != 200 || (allowed && setCounterSale(seeded.eventId, true).status != 200))
            return {};
        return seeded.eventId;
    }

    static QByteArray path(const QString &eventId, const char *tail)
    {
        return "/events/" + eventId.toLatin1() + tail;
    }

    static QByteArray json(const QJsonObject &body)
    {
        return QJsonDocument(body).toJson(QJsonDocument::Compact);
    }

    HttpResponse setCounterSale(const QString &eventId, bool allowed)
    {
        return client().send(HttpClient::request("PATCH",
                                                 path(eventId, "/allocations/press"),
                                                 json({{QStringLiteral("counter_sale"), allowed}}),
                                                 m_manager));
    }

    HttpResponse hold(const QString &eventId,
                      const QStringList &seats,
                      const QByteArray &token,
                      const QString &allocation = QStringLiteral("press"))
    {
        QJsonObject body{{QStringLiteral("event_id"), eventId},
                         {QStringLiteral("seats"), QJsonArray::fromStringList(seats)}};
        if (!allocation.isEmpty())
            body.insert(QStringLiteral("allocation"), allocation);
        return client().post("/holds", body, token);
    }

    HttpResponse sell(const QString &holdId, const QByteArray &token)
    {
        return client().post("/orders",
                             QJsonObject{{QStringLiteral("hold_id"), holdId},
                                         {QStringLiteral("payment"),
                                          QJsonObject{{QStringLiteral("method"),
                                                       QStringLiteral("card_present")},
                                                      {QStringLiteral("reference"),
                                                       QStringLiteral("T-1")}}}},
                             token);
    }

    HttpResponse releaseHold(const QString &holdId, const QByteArray &token)
    {
        return client().send(
            HttpClient::request("DELETE", "/holds/" + holdId.toLatin1(), {}, token));
    }

    int scalar(const std::string &sql, const QString &eventId)
    {
        return eventScalar(m_server->databaseUrl(), sql, eventId);
    }

    QString statusOf(const QString &eventId, const QString &seat)
    {
        return seatStatus(m_server->databaseUrl(), eventId, seat);
    }

    int pressSeats(const QString &eventId)
    {
        return scalar("SELECT count(*) FROM holdbacks WHERE event_id = $1::uuid"
                      " AND allocation = 'press'",
                      eventId);
    }

    // The allocation's rules as rows: every held-back seat blocked; every blocked seat held
    // back; a seat held from an allocation has its hold's owner and an allocation hold; no seat
    // with two valid tickets (inventoryViolations).
    QString violations()
    {
        pqxx::connection connection{m_server->databaseUrl()};
        pqxx::nontransaction work{connection};
        QString out;
        const auto count = [&](const char *what, const char *sql) {
            const int n = work.exec1(sql)[0].as<int>();
            if (n != 0)
                out += QStringLiteral("%1: %2; ").arg(QLatin1String(what)).arg(n);
        };
        count("held back but not blocked",
              "SELECT count(*) FROM holdbacks b JOIN inventory i USING (event_id, seat_id)"
              " WHERE i.status <> 'blocked'");
        count("blocked without a holdback",
              "SELECT count(*) FROM inventory i WHERE status = 'blocked' AND NOT EXISTS"
              " (SELECT 1 FROM holdbacks b WHERE b.event_id = i.event_id"
              " AND b.seat_id = i.seat_id)");
        count("held for ever by no allocation hold",
              "SELECT count(*) FROM inventory i LEFT JOIN holds h ON h.id = i.hold_id"
              " WHERE i.status = 'held' AND i.expires_at = 'infinity'"
              " AND (h.allocation IS NULL OR h.owner <> i.owner)");
        count("allocation seat held by a plain hold",
              "SELECT count(*) FROM inventory i JOIN holds h ON h.id = i.hold_id"
              " WHERE i.status = 'held' AND h.allocation IS NOT NULL"
              " AND i.expires_at <> 'infinity'");
        return out + inventoryViolations(m_server->databaseUrl());
    }

    static QStringList seatsOf(const HttpResponse &response)
    {
        QStringList out;
        for (const QJsonValue &seat : response.json().value(u"seats").toArray())
            out.append(seat.toString());
        return out;
    }

    bool waitForStatus(const QString &eventId, const QString &seat, const QString &status)
    {
        QElapsedTimer timer;
        timer.start();
        while (timer.elapsed() < 15000) {
            if (statusOf(eventId, seat) == status)
                return true;
            QTest::qWait(100);
        }
        return false;
    }

private Q_SLOTS:
    void initTestCase()
    {
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        m_server = std::make_unique<ServerProcess>(url,
                                                   QStringList{},
                                                   QHash<QString, QString>{
                                                       {QStringLiteral("BOXOFFICE_SWEEP_"
                                                                       "INTERVAL_MS"),
                                                        QStringLiteral("200")}});
        QVERIFY2(m_server->isRunning(), m_server->log().constData());
        m_manager = testToken(QStringLiteral("boss"), QStringLiteral("manager"));
        m_clerk = testToken(QStringLiteral("desk-1"), QStringLiteral("clerk"));
    }

    void counterSellsWhenAllowed()
    {
        const QString eventId = eventWithPress(4, false);
        QVERIFY(!eventId.isEmpty());
        const QStringList two{QStringLiteral("S1-1-1"), QStringLiteral("S1-1-2")};

        // Not allowed yet: refused, and the counter's list does not show it.
        auto listed = client().get(path(eventId, "/allocations"), m_clerk);
        QCOMPARE(listed.status, 200);
        QCOMPARE(listed.json().value(u"items").toArray().size(), 0);
        auto held = hold(eventId, two, m_clerk);
        QCOMPARE(held.status, 409);
        QCOMPARE(held.code(), QStringLiteral("allocation_not_for_sale"));

        QCOMPARE(setCounterSale(eventId, true).status, 200);
        listed = client().get(path(eventId, "/allocations"), m_clerk);
        const QJsonArray items = listed.json().value(u"items").toArray();
        QCOMPARE(items.size(), 1);
        QCOMPARE(items[0].toObject().value(u"name").toString(), QStringLiteral("press"));
        QCOMPARE(items[0].toObject().value(u"seats").toArray().size(), 4);

        // Fans neither list nor hold it; nobody holds its seats without naming it.
        const QByteArray fan = testToken(QStringLiteral("fan-1"));
        QCOMPARE(client().get(path(eventId, "/allocations"), fan).status, 403);
        QCOMPARE(hold(eventId, two, fan).status, 403);
        QCOMPARE(hold(eventId, two, fan, QString()).code(), QStringLiteral("seat_unavailable"));
        QCOMPARE(hold(eventId, two, m_clerk, QString()).code(), QStringLiteral("seat_unavailable"));
        // A seat outside the allocation: all or nothing, the outsider named.
        held = hold(eventId, {QStringLiteral("S1-1-1"), QStringLiteral("S1-2-1")}, m_clerk);
        QCOMPARE(held.status, 409);
        QCOMPARE(seatsOf(held), QStringList{QStringLiteral("S1-2-1")});
        QCOMPARE(pressSeats(eventId), 4);
        // An allocation the event lacks.
        QCOMPARE(hold(eventId, two, m_clerk, QStringLiteral("nobody")).status, 404);

        held = hold(eventId, two, m_clerk);
        QCOMPARE(held.status, 201);
        QCOMPARE(held.json().value(u"allocation").toString(), QStringLiteral("press"));
        QCOMPARE(statusOf(eventId, two[0]), QStringLiteral("held"));
        QCOMPARE(pressSeats(eventId), 2);
        listed = client().get(path(eventId, "/allocations"), m_clerk);
        QCOMPARE(listed.json().value(u"items").toArray()[0].toObject().value(u"seats").toArray(),
                 (QJsonArray{QStringLiteral("S1-1-3"), QStringLiteral("S1-1-4")}));
        // Held from the allocation, the seats are the clerk's alone.
        QCOMPARE(hold(eventId, two, fan, QString()).code(), QStringLiteral("seat_unavailable"));
        QCOMPARE(hold(eventId, two, m_clerk).code(), QStringLiteral("seat_unavailable"));
        const QString holdId = held.json().value(u"hold_id").toString();
        // Never an online order: the seats would wait on a payment window.
        const auto online = client().post("/orders",
                                          QJsonObject{{QStringLiteral("hold_id"), holdId}},
                                          m_clerk);
        QCOMPARE(online.code(), QStringLiteral("allocation_not_for_sale"));

        const auto sold = sell(holdId, m_clerk);
        QVERIFY2(sold.status == 201, sold.body.constData());
        QCOMPARE(sold.json().value(u"tickets").toArray().size(), 2);
        QCOMPARE(statusOf(eventId, two[0]), QStringLiteral("sold"));
        QCOMPARE(statusOf(eventId, two[1]), QStringLiteral("sold"));
        QCOMPARE(pressSeats(eventId), 2); // sold seats have left the allocation

        // The figures still add up: 2 sold, 2 held back, the rest available.
        const auto stats = client().get(path(eventId, "/stats"), m_manager).json();
        QCOMPARE(stats.value(u"sold").toInt(), 2);
        QCOMPARE(stats.value(u"held_back").toObject().value(u"allocation").toInt(), 2);
        QCOMPARE(stats.value(u"capacity").toInt(),
                 stats.value(u"available").toInt() + stats.value(u"held").toInt()
                     + stats.value(u"sold").toInt() + stats.value(u"comps").toInt() + 2);
        QCOMPARE(violations(), QString());
    }

    void releasedHoldGoesBack()
    {
        const QString eventId = eventWithPress(3, true);
        QVERIFY(!eventId.isEmpty());
        const QStringList seats{QStringLiteral("S1-1-1"), QStringLiteral("S1-1-3")};
        const auto held = hold(eventId, seats, m_clerk);
        QCOMPARE(held.status, 201);
        QCOMPARE(pressSeats(eventId), 1);
        const QString holdId = held.json().value(u"hold_id").toString();
        // Another clerk cannot release it; its owner can.
        const QByteArray other = testToken(QStringLiteral("desk-2"), QStringLiteral("clerk"));
        QCOMPARE(releaseHold(holdId, other).status, 404);
        QCOMPARE(releaseHold(holdId, m_clerk).status, 204);
        QCOMPARE(statusOf(eventId, seats[0]), QStringLiteral("blocked"));
        QCOMPARE(statusOf(eventId, seats[1]), QStringLiteral("blocked"));
        QCOMPARE(pressSeats(eventId), 3);
        QCOMPARE(hold(eventId, seats, testToken(QStringLiteral("fan-2")), QString()).code(),
                 QStringLiteral("seat_unavailable"));
        QCOMPARE(sell(holdId, m_clerk).code(), QStringLiteral("hold_expired"));
        // The public map shows them blocked again.
        QVERIFY(waitForStatus(eventId, seats[0], QStringLiteral("blocked")));
        // And the counter may hold them again.
        QCOMPARE(hold(eventId, seats, m_clerk).status, 201);
        QCOMPARE(violations(), QString());
    }

    // An expired allocation hold is no free seat: nobody takes it over, and the sweeper gives
    // it back to the allocation.
    void expiredHoldGoesBack()
    {
        const QString eventId = eventWithPress(2, true);
        QVERIFY(!eventId.isEmpty());
        const QStringList seats{QStringLiteral("S1-1-1")};
        auto held = hold(eventId, seats, m_clerk);
        QCOMPARE(held.status, 201);
        const QString holdId = held.json().value(u"hold_id").toString();
        {
            pqxx::connection connection{m_server->databaseUrl()};
            const auto sql = [&](const std::string &text) {
                pqxx::nontransaction work{connection};
                work.exec_params(text, holdId.toStdString());
            };
            // The sweeper waits while this session has its leader lock: meanwhile the hold is
            // past its expiry by its row, and fans try the seat.
            sql("SELECT pg_advisory_lock(7305098, 1), $1::text");
            sql("UPDATE holds SET expires_at = now() - interval '1 second' WHERE id = $1::uuid");
            for (int fan = 0; fan < 5; ++fan)
                QCOMPARE(hold(eventId,
                              seats,
                              testToken(QStringLiteral("fan-x%1").arg(fan)),
                              QString())
                             .code(),
                         QStringLiteral("seat_unavailable"));
            QCOMPARE(sell(holdId, m_clerk).code(), QStringLiteral("hold_expired"));
            QCOMPARE(statusOf(eventId, seats[0]), QStringLiteral("held"));
            sql("SELECT pg_advisory_unlock(7305098, 1), $1::text");
        }
        QVERIFY2(waitForStatus(eventId, seats[0], QStringLiteral("blocked")),
                 "the sweeper did not give the seat back");
        QCOMPARE(pressSeats(eventId), 2);
        QCOMPARE(scalar("SELECT count(*) FROM holds WHERE event_id = $1::uuid"
                        " AND status = 'expired'",
                        eventId),
                 1);
        QCOMPARE(violations(), QString());
    }

    // The rule holds in the database whatever a statement says.
    void databaseKeepsTheRule()
    {
        const QString eventId = eventWithPress(2, true);
        QVERIFY(!eventId.isEmpty());
        const auto held = hold(eventId, {QStringLiteral("S1-1-1")}, m_clerk);
        QCOMPARE(held.status, 201);
        pqxx::connection connection{m_server->databaseUrl()};
        const auto refused = [&](const std::string &sql) {
            try {
                pqxx::work work{connection};
                work.exec_params(sql, eventId.toStdString());
                work.commit();
                return false;
            } catch (const pqxx::sql_error &) {
                return true;
            }
        };
        QVERIFY(refused("UPDATE inventory SET status = 'available', hold_id = NULL"
                        " WHERE event_id = $1::uuid AND seat_id = 'S1-1-1'"));
        QVERIFY(refused("UPDATE inventory SET hold_id = gen_random_uuid(), owner = 'thief'"
                        " WHERE event_id = $1::uuid AND seat_id = 'S1-1-1'"));
        // A payment window would have given it a time: it keeps none.
        {
            pqxx::work work{connection};
            work.exec_params("UPDATE inventory SET expires_at = now() + interval '1 minute'"
                             " WHERE event_id = $1::uuid AND seat_id = 'S1-1-1'",
                             eventId.toStdString());
            work.commit();
        }
        QCOMPARE(scalar("SELECT count(*) FROM inventory WHERE event_id = $1::uuid"
                        " AND seat_id = 'S1-1-1' AND expires_at = 'infinity'",
                        eventId),
                 1);
        QCOMPARE(violations(), QString());
    }

    // Clerks, fans and a manager on the same seats at once: each seat goes to at most one
    // clerk's hold, no fan ever gets one, and once counter sale is switched off no clerk does.
    void clerksRaceFansAndManager()
    {
        const int allocated = 24;
        const QString eventId = eventWithPress(allocated, true, 1);
        QVERIFY(!eventId.isEmpty());
        std::atomic<bool> switchedOff{false};
        std::atomic<int> heldAfterSwitch{0};
        std::atomic<int> fanWins{0};
        std::atomic<int> sales{0};
        std::vector<std::future<QStringList>> clerks;
        for (int c = 0; c < 6; ++c) {
            clerks.push_back(std::async(std::launch::async, [&, c] {
                const QByteArray token = testToken(QStringLiteral("race-clerk-%1").arg(c),
                                                   QStringLiteral("clerk"));
                QStringList mine;
                for (int round = 0; round < 12; ++round) {
                    const int first = 1 + int(QRandomGenerator::global()->bounded(allocated - 1));
                    const QStringList seats{QStringLiteral("S1-1-%1").arg(first),
                                            QStringLiteral("S1-1-%1").arg(first + 1)};
                    const bool offBefore = switchedOff.load();
                    const auto held = hold(eventId, seats, token);
                    if (held.status != 201)
                        continue;
                    if (offBefore)
                        ++heldAfterSwitch;
                    const QString holdId = held.json().value(u"hold_id").toString();
                    if (round % 3 == 0) {
                        releaseHold(holdId, token); // back to the allocation
                    } else if (sell(holdId, token).status == 201) {
                        mine += seats;
                        ++sales;
                    }
                }
                return mine;
            }));
        }
        std::vector<std::future<void>> fans;
        for (int f = 0; f < 8; ++f) {
            fans.push_back(std::async(std::launch::async, [&, f] {
                const QByteArray token = testToken(QStringLiteral("race-fan-%1").arg(f));
                for (int round = 0; round < 20; ++round) {
                    const int seat = 1 + int(QRandomGenerator::global()->bounded(allocated));
                    const auto held = hold(eventId,
                                           {QStringLiteral("S1-1-%1").arg(seat)},
                                           token,
                                           QString());
                    if (held.status == 201)
                        ++fanWins;
                }
            }));
        }
        // The manager switches the sale off while the clerks are at it.
        QTRY_VERIFY_WITH_TIMEOUT(sales.load() >= 2, 20000);
        QCOMPARE(setCounterSale(eventId, false).status, 200);
        switchedOff = true;
        QStringList sold;
        for (auto &clerk : clerks)
            sold += clerk.get();
        for (auto &fan : fans)
            fan.get();
        qInfo("clerks sold %d seats in %d sales; fans won %d",
              int(sold.size()),
              sales.load(),
              fanWins.load());
        QCOMPARE(fanWins.load(), 0);
        QCOMPARE(heldAfterSwitch.load(), 0);
        const QSet<QString> distinct(sold.begin(), sold.end());
        QCOMPARE(distinct.size(), sold.size()); // no seat sold twice
        QCOMPARE(scalar("SELECT count(*) FROM tickets WHERE event_id = $1::uuid"
                        " AND status = 'valid'",
                        eventId),
                 int(sold.size()));
        // Whatever was not sold is back in the allocation, once the holds left are released.
        pqxx::connection connection{m_server->databaseUrl()};
        pqxx::nontransaction work{connection};
        for (const auto &row : work.exec_params("SELECT id, owner FROM holds WHERE event_id"
                                                " = $1::uuid AND status = 'active'",
                                                eventId.toStdString()))
            QCOMPARE(releaseHold(QString::fromStdString(row[0].as<std::string>()),
                                 testToken(QString::fromStdString(row[1].as<std::string>()),
                                           QStringLiteral("clerk")))
                         .status,
                     204);
        QCOMPARE(pressSeats(eventId) + int(sold.size()), allocated);
        QCOMPARE(violations(), QString());
    }

    // A hold or a release failing half way leaves nothing changed.
    void faultsLeaveNothingPartial()
    {
        const QString eventId = eventWithPress(3, true);
        QVERIFY(!eventId.isEmpty());
        pqxx::connection connection{m_server->databaseUrl()};
        const auto sql = [&](const std::string &text) {
            pqxx::nontransaction work{connection};
            work.exec(text);
        };
        // The outbox row is the hold's last write; it fails after the seats were taken.
        sql("CREATE FUNCTION test_fail_outbox() RETURNS trigger LANGUAGE plpgsql AS $$"
            " BEGIN IF NEW.payload ? 'allocation' THEN RAISE EXCEPTION 'injected'; END IF;"
            " RETURN NEW; END $$");
        sql("CREATE TRIGGER test_fail_outbox BEFORE INSERT ON outbox FOR EACH ROW"
            " EXECUTE FUNCTION test_fail_outbox()");
        const QStringList seats{QStringLiteral("S1-1-1"), QStringLiteral("S1-1-2")};
        auto held = hold(eventId, seats, m_clerk);
        QCOMPARE(held.status, 503);
        QCOMPARE(pressSeats(eventId), 3);
        QCOMPARE(statusOf(eventId, seats[0]), QStringLiteral("blocked"));
        QCOMPARE(scalar("SELECT count(*) FROM holds WHERE event_id = $1::uuid", eventId), 0);
        sql("DROP TRIGGER test_fail_outbox ON outbox");
        held = hold(eventId, seats, m_clerk);
        QCOMPARE(held.status, 201);
        const QString holdId = held.json().value(u"hold_id").toString();
        // The release's outbox row fails: the hold keeps its seats, nothing went back half.
        sql("CREATE TRIGGER test_fail_outbox BEFORE INSERT ON outbox FOR EACH ROW"
            " EXECUTE FUNCTION test_fail_outbox()");
        QCOMPARE(releaseHold(holdId, m_clerk).status, 503);
        QCOMPARE(statusOf(eventId, seats[0]), QStringLiteral("held"));
        QCOMPARE(pressSeats(eventId), 1);
        QCOMPARE(scalar("SELECT count(*) FROM holds WHERE event_id = $1::uuid"
                        " AND status = 'active'",
                        eventId),
                 1);
        sql("DROP TRIGGER test_fail_outbox ON outbox");
        QCOMPARE(releaseHold(holdId, m_clerk).status, 204);
        QCOMPARE(pressSeats(eventId), 3);

        // The connection dies inside the hold's transaction: a 503 or a hold, never half.
        sql("CREATE FUNCTION test_slow_outbox() RETURNS trigger LANGUAGE plpgsql AS $$"
            " BEGIN IF NEW.payload ? 'allocation' THEN PERFORM pg_sleep(1.5); END IF;"
            " RETURN NEW; END $$");
        sql("CREATE TRIGGER test_slow_outbox BEFORE INSERT ON outbox FOR EACH ROW"
            " EXECUTE FUNCTION test_slow_outbox()");
        const std::string url = m_server->databaseUrl();
        auto killer = std::async(std::launch::async, [url] {
            pqxx::connection killing{url};
            for (int wait : {600, 1500}) {
                std::this_thread::sleep_for(std::chrono::milliseconds(wait));
                pqxx::nontransaction work{killing};
                work.exec("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                          " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                          " AND state = 'active' AND query LIKE '%hold_allocation_seats%'");
            }
        });
        held = hold(eventId, seats, m_clerk);
        killer.get();
        sql("DROP TRIGGER test_slow_outbox ON outbox");
        qInfo("answer with the connection lost: %d", held.status);
        if (held.status == 201) {
            QCOMPARE(statusOf(eventId, seats[0]), QStringLiteral("held"));
            QCOMPARE(pressSeats(eventId), 1);
        } else {
            QCOMPARE(held.status, 503);
            QCOMPARE(statusOf(eventId, seats[0]), QStringLiteral("blocked"));
            QCOMPARE(pressSeats(eventId), 3);
        }
        QCOMPARE(violations(), QString());
    }

    void cleanupTestCase()
    {
        if (m_server)
            QCOMPARE(m_server->terminate(), 0);
    }
};

QTEST_GUILESS_MAIN(TestAllocationSales)
#include "tst_allocationsales.moc"
