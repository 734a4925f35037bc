// SPDX-License-Identifier: GPL-3.0-or-later
#include "db/database.h"
#include "db/holdrepository.h"
#include "db/migrator.h"
#include "domain/holdgroupcommit.h"
#include "testenv.h"
#include "throwawaydatabase.h"

#include <pqxx/pqxx>

#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QTest>
#include <QUuid>

#include <future>

using namespace boxoffice::server;
using Request = db::HoldRepository::SeatHoldRequest;

namespace {

const QString kEvent = QStringLiteral("22222222-2222-2222-2222-222222222222");
const QString kQueued = QStringLiteral("33333333-3333-3333-3333-333333333333");

QString newId()
{
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}

QString seat(int row, int n)
{
    return QStringLiteral("S-%1-%2").arg(row).arg(n, 2, 10, QLatin1Char('0'));
}

} // namespace

// Explicit-seat holds decided in batches (migration 0057, domain::HoldGroupCommit): each request of a
// batch gets the answer it would have got alone, after the earlier ones; racing batches never
// put a seat in two holds, never deadlock; a batch that fails leaves nothing and its requests
// are decided one by one.
class TestHoldBatch : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<db::ThrowawayDatabase> m_database;

    pqxx::connection connect() { return pqxx::connection(m_database->url()); }

    // Every active hold's seats are held by it in the inventory, and no seat is in two.
    void checkConsistent(const QString &eventId)
    {
        auto connection = connect();
        pqxx::work work(connection);
        const auto row = work.exec_params1(
            "SELECT (SELECT count(*) FROM (SELECT s FROM holds h, unnest(h.seats) s"
            "   WHERE h.event_id = $1::uuid AND h.status = 'active'"
            "   GROUP BY s HAVING count(*) > 1) twice),"
            " (SELECT count(*) FROM holds h, unnest(h.seats) s"
            "   LEFT JOIN inventory i ON i.event_id = $1::uuid AND i.seat_id = s"
            "   WHERE h.event_id = $1::uuid AND h.status = 'active'"
            "     AND (i.hold_id IS DISTINCT FROM h.id OR i.status <> 'held')),"
            " (SELECT count(*) FROM inventory i WHERE i.event_id = $1::uuid AND i.status = 'held'"
            "   AND NOT EXISTS (SELECT FROM holds h WHERE h.id = i.hold_id"
            "   AND h.status = 'active')),"
            " (SELECT count(*) FROM holds WHERE event_id = $1::uuid)"
            "   - (SELECT count(*) FROM outbox WHERE event_id = $1::uuid AND kind = 'seats.held')",
            eventId.toStdString());
        QCOMPARE(row[0].as<int>(), 0); // a seat in two active holds
        QCOMPARE(row[1].as<int>(), 0); // a hold's seat not held by it
        QCOMPARE(row[2].as<int>(), 0); // a held seat without its hold
        QCOMPARE(row[3].as<int>(), 0); // one outbox row per hold
    }

private Q_SLOTS:
    void initTestCase()
    {
        const std::string url = boxoffice::test::requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        m_database = std::make_unique<db::ThrowawayDatabase>(url, "holdbatch");
        db::Migrator(m_database->url()).migrate();
        auto connection = connect();
        pqxx::work work(connection);
        work.exec0("INSERT INTO venues (id, name, document, seat_count)"
                   " VALUES ('hall', 'Hall', '{}', 2000)");
        for (const QString &event : {kEvent, kQueued})
            work.exec0("INSERT INTO events (id, venue_id, venue_version, title, starts_at,"
                       " on_sale_at, currency, max_seats_per_user, max_holds_per_user,"
                       " queue_enabled) VALUES ('"
                       + event.toStdString()
                       + "', 'hall', 1, 'Test', now() + interval '30 days',"
                         " now(), 'EUR', 4, 2, "
                       + (event == kQueued ? "true" : "false") + ")");
        work.exec0("INSERT INTO inventory (event_id, seat_id, section, row_label, number,"
                   " row_index, seat_index, category, x, y, rank)"
                   " SELECT e, 'S-' || r || '-' || lpad(n::text, 2, '0'), 'S', r::text,"
                   " n::text, r, n, 'A', n, r, r"
                   " FROM unnest(ARRAY['"
                   + kEvent.toStdString() + "', '" + kQueued.toStdString()
                   + "']::uuid[]) e, generate_series(1, 40) r, generate_series(1, 50) n");
        work.commit();
    }

    // Later requests see the earlier ones' grants: their seats, and their owner's usage.
    void requestsAreDecidedInOrder()
    {
        db::Database database(m_database->url(), 2);
        const std::vector<Request> requests{
            {QStringLiteral("ann"), {seat(1, 1), seat(1, 2)}, true, newId()},
            {QStringLiteral("bob"), {seat(1, 2), seat(1, 3)}, true, newId()}, // 1-2 is ann's now
            {QStringLiteral("ann"), {seat(1, 5), seat(1, 6)}, true, newId()}, // 4 seats: allowed
            {QStringLiteral("ann"), {seat(1, 7)}, true, newId()},             // a 5th: no
            {QStringLiteral("bob"), {seat(1, 3), QStringLiteral("S-99-1")}, true, newId()},
            {QStringLiteral("cid"), {seat(1, 3)}, true, newId()},
        };
        const auto outcomes = db::HoldRepository::holdSeatsBatch(database, kEvent, requests);
        QCOMPARE(outcomes.size(), requests.size());
        QCOMPARE(outcomes[0].outcome, db::HoldOutcome::Created);
        QCOMPARE(outcomes[0].hold->id, requests[0].holdId);
        QCOMPARE(outcomes[0].hold->seats, requests[0].sortedSeats);
        QCOMPARE(outcomes[1].outcome, db::HoldOutcome::SeatUnavailable);
        QCOMPARE(outcomes[1].found, QStringList({seat(1, 2), seat(1, 3)}));
        QCOMPARE(outcomes[1].free, QStringList({seat(1, 3)}));
        QCOMPARE(outcomes[2].outcome, db::HoldOutcome::Created);
        QCOMPARE(outcomes[2].usage.seats, 2);
        QCOMPARE(outcomes[2].usage.holds, 1);
        QCOMPARE(outcomes[3].outcome, db::HoldOutcome::LimitExceeded);
        QCOMPARE(outcomes[3].usage.holds, 2);
        QCOMPARE(outcomes[3].rules.maxHoldsPerUser, 2);
        QCOMPARE(outcomes[4].outcome, db::HoldOutcome::SeatUnavailable); // an unknown seat
        QCOMPARE(outcomes[4].found, QStringList({seat(1, 3)}));
        QCOMPARE(outcomes[5].outcome, db::HoldOutcome::Created); // 1-3 was never granted
        checkConsistent(kEvent);
    }

    void queueAndUnknownEvent()
    {
        db::Database database(m_database->url(), 2);
        const std::vector<Request> requests{
            {QStringLiteral("dan"), {seat(2, 1)}, false, newId()},
            {QStringLiteral("eve"), {seat(2, 1)}, true, newId()},
        };
        const auto queued = db::HoldRepository::holdSeatsBatch(database, kQueued, requests);
        QCOMPARE(queued[0].outcome, db::HoldOutcome::AdmissionRequired);
        QCOMPARE(queued[1].outcome, db::HoldOutcome::Created);
        const auto unknown = db::HoldRepository::holdSeatsBatch(
            database, QStringLiteral("44444444-4444-4444-4444-444444444444"), requests);
        QCOMPARE(unknown[0].outcome, db::HoldOutcome::NotFound);
        QCOMPARE(unknown[1].outcome, db::HoldOutcome::NotFound);
        checkConsistent(kQueued);
    }

    // A batch that fails as a whole (here: a hold id already taken) keeps nothing; the
    // batcher then decides its requests one by one.
    void failedBatchKeepsNothing()
    {
        db::Database database(m_database->url(), 2);
        const QString taken = newId();
        QCOMPARE(db::HoldRepository::holdSeatsBatch(
                     database, kEvent, {{QStringLiteral("fay"), {seat(3, 1)}, true, taken}})[0]
                     .outcome,
                 db::HoldOutcome::Created);
        const std::vector<Request> requests{
            {QStringLiteral("gus"), {seat(3, 2)}, true, newId()},
            {QStringLiteral("hal"), {seat(3, 3)}, true, taken},
        };
        QVERIFY_THROWS_EXCEPTION(pqxx::unique_violation,
                                 db::HoldRepository::holdSeatsBatch(database, kEvent, requests));
        auto connection = connect();
        pqxx::work work(connection);
        QCOMPARE(work.exec1("SELECT count(*) FROM inventory WHERE seat_id IN ('S-3-02', 'S-3-03')"
                            " AND status = 'held'")[0]
                     .as<int>(),
                 0);
        checkConsistent(kEvent);
    }

    // The database connections die under a batch (a PostgreSQL restart): the batch fails as a
    // whole, and each of its requests is decided alone on a fresh connection.
    void connectionsKilledUnderABatch()
    {
        db::Database database(m_database->url(), 4);
        // Batches of 2, gathering up to 5 s: the pair always goes as one batch, at once when the
        // second arrives, however slow a loaded machine starts the second thread.
        domain::HoldGroupCommit batcher(database, {1, 2, 5'000'000});
        const auto hold = [&](const QString &owner, int n) {
            return batcher.holdSeats(kEvent, owner, {seat(4, n)}, true).outcome;
        };
        QCOMPARE(hold(QStringLiteral("ida"), 1), db::HoldOutcome::Created); // opens a connection
        {
            auto connection = connect();
            pqxx::nontransaction work(connection);
            work.exec("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                      " WHERE datname = current_database() AND pid <> pg_backend_pid()");
        }
        // Two requests: the second arrives while the first gathers, so they go as one batch, on
        // the pool's dead connection.
        auto first = std::async(std::launch::async, hold, QStringLiteral("jon"), 2);
        QTest::qWait(20);
        auto second = std::async(std::launch::async, hold, QStringLiteral("kim"), 2);
        const QList<db::HoldOutcome> outcomes{first.get(), second.get()};
        QCOMPARE(batcher.batches(), 1);
        QCOMPARE(outcomes.count(db::HoldOutcome::Created), 1);
        QCOMPARE(outcomes.count(db::HoldOutcome::SeatUnavailable), 1);
        checkConsistent(kEvent);
    }

    // A leader gathering for a batch goes as soon as the batch is full, not after its wait.
    void fullBatchGoesAtOnce()
    {
        db::Database database(m_database->url(), 4);
        domain::HoldGroupCommit batcher(database,
                                        {1, 2, 10'000'000}); // batches of 2, gather up to 10 s
        const auto hold = [&](const QString &owner, int n) {
            return batcher.holdSeats(kEvent, owner, {seat(5, n)}, true).outcome;
        };
        QElapsedTimer timer;
        timer.start();
        QCOMPARE(hold(QStringLiteral("lea"), 1), db::HoldOutcome::Created); // alone: no wait
        auto first = std::async(std::launch::async, hold, QStringLiteral("max"), 2);
        QTest::qWait(20);
        QCOMPARE(hold(QStringLiteral("ned"), 3), db::HoldOutcome::Created);
        QCOMPARE(first.get(), db::HoldOutcome::Created);
        QVERIFY2(timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed())));
        QCOMPARE(batcher.batches(), 1);
        checkConsistent(kEvent);
    }

    // Many threads through the batcher for overlapping seats: batches form, racing batches
    // never deadlock, no seat ends in two holds, and each seat's first taker got it.
    void racingBatches()
    {
        db::Database database(m_database->url(), 8);
        domain::HoldGroupCommit batcher(database, {2, 32, 5000});
        long deadlocksBefore = 0;
        {
            auto connection = connect();
            pqxx::work work(connection);
            deadlocksBefore = work.exec1("SELECT deadlocks FROM pg_stat_database"
                                         " WHERE datname = current_database()")[0]
                                  .as<long>();
        }
        constexpr int kThreads = 16, kEach = 25;
        std::vector<std::future<std::pair<int, int>>> threads;
        for (int t = 0; t < kThreads; ++t)
            threads.push_back(std::async(std::launch::async, [&batcher, t] {
                int created = 0, refused = 0;
                QRandomGenerator random(quint32(t + 1));
                for (int i = 0; i < kEach; ++i) {
                    // Rows 10-12 only: 150 seats for 400 requests of 1-3 seats.
                    const int row = 10 + int(random.bounded(3));
                    const int first = 1 + int(random.bounded(48));
                    QStringList seats;
                    for (int n = first; n < first + 1 + int(random.bounded(3)); ++n)
                        seats.append(seat(row, n));
                    const auto outcome = batcher.holdSeats(kEvent,
                                                           QStringLiteral("fan%1").arg(t * 100 + i),
                                                           seats,
                                                           true);
                    if (outcome.outcome == db::HoldOutcome::Created)
                        ++created;
                    else if (outcome.outcome == db::HoldOutcome::SeatUnavailable)
                        ++refused;
                }
                return std::pair{created, refused};
            }));
        int created = 0, refused = 0;
        for (auto &thread : threads) {
            const auto [c, r] = thread.get();
            created += c;
            refused += r;
        }
        QCOMPARE(created + refused, kThreads * kEach);
        QVERIFY(created > 0);
        QVERIFY(refused > 0);
        QVERIFY2(batcher.batches() > 0, "no batch formed");
        checkConsistent(kEvent);
        auto connection = connect();
        pqxx::work work(connection);
        QCOMPARE(work.exec1("SELECT deadlocks FROM pg_stat_database"
                            " WHERE datname = current_database()")[0]
                     .as<long>(),
                 deadlocksBefore);
        QCOMPARE(work.exec1("SELECT count(*) FROM holds WHERE owner LIKE 'fan%'")[0].as<int>(),
                 created);
    }
};

QTEST_GUILESS_MAIN(TestHoldBatch)
#include "tst_holdbatch.moc"
