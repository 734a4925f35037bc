// SPDX-License-Identifier: GPL-3.0-or-later
#include "api/holdcodec.h"
#include "db/database.h"
#include "db/holdrepository.h"
#include "db/migrator.h"
#include "domain/holdservice.h"
#include "testenv.h"
#include "throwawaydatabase.h"

#include <pqxx/pqxx>

#include <QTest>
#include <QUuid>

#include <future>

using namespace boxoffice::server;

namespace {

const QString kEvent = QStringLiteral("11111111-1111-1111-1111-111111111111");

} // namespace

// The hold_seats statement (migrations 0040, 0055, 0056) in the database itself: what one hold reads,
// locks and writes, and a buyer who loses a seat between the check and the UPDATE.
class TestHoldStatement : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<db::ThrowawayDatabase> m_database;

    pqxx::connection connect() { return pqxx::connection(m_database->url()); }

    static std::vector<long> scans(pqxx::work &work)
    {
        const auto row = work.exec1("SELECT pg_stat_get_xact_numscans('holds_owner'::regclass),"
                                    " pg_stat_get_xact_numscans('holds_seat_expiry'::regclass),"
                                    " pg_stat_get_xact_tuples_fetched('holds'::regclass)");
        return {row[0].as<long>(), row[1].as<long>(), row[2].as<long>()};
    }

private Q_SLOTS:
    void initTestCase()
    {
        const std::string url = boxoffice::test::requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        m_database = std::make_unique<db::ThrowawayDatabase>(url, "holdstatement");
        db::Migrator(m_database->url()).migrate();
        auto connection = connect();
        pqxx::work work(connection);
        work.exec0("INSERT INTO venues (id, name, document, seat_count)"
                   " VALUES ('hall', 'Hall', '{}', 2000)");
        work.exec0("INSERT INTO events (id, venue_id, venue_version, title, starts_at, on_sale_at,"
                   " currency, max_seats_per_user, max_holds_per_user)"
                   " VALUES ('"
                   + kEvent.toStdString()
                   + "', 'hall', 1, 'Test',"
                     " now() + interval '30 days', now(), 'EUR', 10, 5)");
        work.exec0("INSERT INTO inventory (event_id, seat_id, section, row_label, number,"
                   " row_index, seat_index, category, x, y, rank)"
                   " SELECT '"
                   + kEvent.toStdString()
                   + "', 'S-' || r || '-' || n, 'S', r::text,"
                     " n::text, r, n, 'A', n, r, r"
                     " FROM generate_series(1, 40) r, generate_series(1, 50) n");
        work.commit();
    }

    // Statistics taken while nobody held anything (before an on-sale) must not make a hold
    // read every active hold: the limits come from the buyer's own holds, through holds_owner.
    void limitsReadOnlyTheBuyersHolds()
    {
        auto connection = connect();
        {
            pqxx::nontransaction work(connection);
            work.exec0("ANALYZE holds");
        }
        db::Database database(m_database->url(), 2);
        for (int row = 1; row <= 20; ++row) // 1,000 active holds of other buyers
            for (int seat = 1; seat <= 50; ++seat)
                QCOMPARE(
                    db::HoldRepository::holdSeats(database,
                                                  kEvent,
                                                  QStringLiteral("other-%1-%2").arg(row).arg(seat),
                                                  {QStringLiteral("S-%1-%2").arg(row).arg(seat)},
                                                  true)
                        .outcome,
                    db::HoldOutcome::Created);
        pqxx::work work(connection);
        const auto before = scans(work);
        const auto row = work.exec1("SELECT o_outcome FROM hold_seats('" + kEvent.toStdString()
                                    + "', 'buyer', '{S-30-1,S-30-2}', true)");
        QCOMPARE(QString::fromStdString(row[0].as<std::string>()), QStringLiteral("created"));
        const auto after = scans(work);
        QVERIFY2(after[0] > before[0], "the limits query did not use holds_owner");
        QCOMPARE(after[1], before[1]);
        QVERIFY2(after[2] - before[2] < 10,
                 qPrintable(
                     QStringLiteral("one hold fetched %1 hold rows").arg(after[2] - before[2])));
    }

    // A seat already taken is answered from one read: no lock, no write, no transaction id.
    void conflictWritesNothing()
    {
        db::Database database(m_database->url(), 2);
        QCOMPARE(db::HoldRepository::holdSeats(database,
                                               kEvent,
                                               QStringLiteral("first"),
                                               {QStringLiteral("S-32-1")},
                                               true)
                     .outcome,
                 db::HoldOutcome::Created);
        auto connection = connect();
        pqxx::work work(connection);
        const auto row = work.exec1("SELECT o_outcome, o_free FROM hold_seats('"
                                    + kEvent.toStdString() + "', 'late', '{S-32-1,S-32-3}', true)");
        QCOMPARE(QString::fromStdString(row[0].as<std::string>()),
                 QStringLiteral("seat_unavailable"));
        QCOMPARE(QString::fromStdString(row[1].as<std::string>()), QStringLiteral("{S-32-3}"));
        QVERIFY(work.exec1("SELECT pg_current_xact_id_if_assigned() IS NULL")[0].as<bool>());
    }

    // The seat looks free to the check, then another buyer's transaction takes it before the
    // UPDATE: the hold must end as seat_unavailable with nothing of it left behind.
    void seatLostAfterTheCheckLeavesNothing()
    {
        auto rivalConnection = connect();
        pqxx::work rival(rivalConnection);
        rival.exec0("UPDATE inventory SET status = 'sold', version = version + 1"
                    " WHERE event_id = '"
                    + kEvent.toStdString() + "' AND seat_id = 'S-31-2'");
        db::Database database(m_database->url(), 2);
        auto loser = std::async(std::launch::async, [&] {
            return db::HoldRepository::holdSeats(database,
                                                 kEvent,
                                                 QStringLiteral("loser"),
                                                 {QStringLiteral("S-31-1"),
                                                  QStringLiteral("S-31-2")},
                                                 true);
        });
        // Commit the rival only once the loser waits for its row lock, past the check.
        auto watcher = connect();
        QTRY_VERIFY_WITH_TIMEOUT(pqxx::nontransaction(watcher)
                                         .exec1("SELECT count(*) FROM pg_stat_activity"
                                                " WHERE wait_event_type = 'Lock'"
                                                " AND datname = current_database()"
                                                " AND query LIKE '%hold_seats%'")[0]
                                         .as<int>()
                                     == 1,
                                 10000);
        rival.commit();
        const auto outcome = loser.get();
        QCOMPARE(outcome.outcome, db::HoldOutcome::SeatUnavailable);
        QCOMPARE(outcome.free, QStringList{QStringLiteral("S-31-1")});
        pqxx::nontransaction check(watcher);
        QCOMPARE(check.exec1("SELECT count(*) FROM holds WHERE owner = 'loser'")[0].as<int>(), 0);
        QCOMPARE(check
                     .exec1("SELECT status FROM inventory WHERE event_id = '" + kEvent.toStdString()
                            + "' AND seat_id = 'S-31-1'")[0]
                     .as<std::string>(),
                 std::string("available"));
    }

    // The hold gets the id the server chose before leasing its seats. An id that exists
    // already keeps nothing of the new hold: in autocommit the hold is made again under an id
    // the database picks; in a transaction it is HoldIdTaken, and HoldService runs a keyed
    // request again without it (the key stored once, with the hold's real id).
    void givenHoldIdAndATakenOne()
    {
        db::Database database(m_database->url(), 2);
        const QString id = QUuid::createUuid().toString(QUuid::WithoutBraces);
        const auto first = db::HoldRepository::holdSeats(database,
                                                         kEvent,
                                                         QStringLiteral("given-1"),
                                                         {QStringLiteral("S-33-1")},
                                                         true,
                                                         id);
        QCOMPARE(first.outcome, db::HoldOutcome::Created);
        QCOMPARE(first.hold->id, id);
        const auto second = db::HoldRepository::holdSeats(database,
                                                          kEvent,
                                                          QStringLiteral("given-2"),
                                                          {QStringLiteral("S-33-2")},
                                                          true,
                                                          id);
        QCOMPARE(second.outcome, db::HoldOutcome::Created);
        QVERIFY(second.hold->id != id);
        QVERIFY(!QUuid::fromString(second.hold->id).isNull());
        QVERIFY_THROWS_EXCEPTION(db::HoldIdTaken, database.transact([&](db::Tx &tx) {
            db::HoldRepository::holdSeats(tx,
                                          kEvent,
                                          QStringLiteral("given-3"),
                                          {QStringLiteral("S-33-3")},
                                          true,
                                          id);
        }));
        domain::HoldService holds(database, api::holdCodec());
        domain::HoldRequest request;
        request.eventId = kEvent;
        request.seats = {QStringLiteral("S-33-4")};
        const domain::Principal buyer{QStringLiteral("given-4")};
        const auto keyed = holds.create(buyer, request, QStringLiteral("key-1"), id);
        QVERIFY(keyed.ok());
        const QString keyedId = keyed->id;
        QVERIFY(keyedId != id && !QUuid::fromString(keyedId).isNull());
        const QString fresh = QUuid::createUuid().toString(QUuid::WithoutBraces);
        const auto replayed = holds.create(buyer, request, QStringLiteral("key-1"), fresh);
        QVERIFY(replayed.ok());
        QCOMPARE(api::holdJson(*replayed), api::holdJson(*keyed));
        // Each hold holds its own seat; given-3 kept nothing; the first hold is untouched.
        auto connection = connect();
        pqxx::nontransaction check(connection);
        const auto rows = check.exec("SELECT i.seat_id, h.owner, h.id::text FROM inventory i"
                                     " JOIN holds h ON h.id = i.hold_id WHERE i.status = 'held'"
                                     " AND i.seat_id LIKE 'S-33-%' ORDER BY i.seat_id");
        QCOMPARE(rows.size(), 3u);
        const QStringList expected{QStringLiteral("S-33-1 given-1 ") + id,
                                   QStringLiteral("S-33-2 given-2 ") + second.hold->id,
                                   QStringLiteral("S-33-4 given-4 ") + keyedId};
        for (int i = 0; i < 3; ++i)
            QCOMPARE(QStringLiteral("%1 %2 %3")
                         .arg(QString::fromStdString(rows[i][0].as<std::string>()),
                              QString::fromStdString(rows[i][1].as<std::string>()),
                              QString::fromStdString(rows[i][2].as<std::string>())),
                     expected.at(i));
        QCOMPARE(check.exec1("SELECT count(*) FROM holds WHERE owner = 'given-3'")[0].as<int>(), 0);
        QCOMPARE(check.exec1("SELECT count(*) FROM idempotency_keys")[0].as<int>(), 1);
    }

    void cleanupTestCase() { m_database.reset(); }
};

QTEST_GUILESS_MAIN(TestHoldStatement)
#include "tst_holdstatement.moc"
