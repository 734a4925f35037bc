// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/unavailable.h"
#include "db/database.h"
#include "db/migrator.h"
#include "domain/error.h"
#include "testenv.h"
#include "throwawaydatabase.h"

#include <pqxx/pqxx>

#include <QTest>

using namespace boxoffice::server;

// The db layer's own promises: one retry on serialization failure or deadlock, then
// Unavailable; rule errors roll back; a busy pool answers Unavailable instead of hanging.
class TestDatabase : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<db::ThrowawayDatabase> m_database;

    int count(db::Database &database)
    {
        int n = 0;
        database.autocommit(
            [&](db::Tx &tx) { n = tx.work().exec1("SELECT count(*) FROM audit")[0].as<int>(); });
        return n;
    }

    void terminateOtherSessions()
    {
        const std::string admin = boxoffice::test::requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        pqxx::connection connection{admin};
        pqxx::nontransaction work{connection};
        work.exec_params("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1"
                         " AND pid <> pg_backend_pid()",
                         m_database->name());
        QTest::qWait(100);
    }

    static void insertAudit(db::Tx &tx)
    {
        tx.work().exec0("INSERT INTO audit (actor, action) VALUES ('test', 'x')");
    }

private Q_SLOTS:
    void initTestCase()
    {
        const std::string url = boxoffice::test::requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        m_database = std::make_unique<db::ThrowawayDatabase>(url);
        db::Migrator(m_database->url()).migrate();
    }

    void retriesOnceOnSerializationFailure()
    {
        db::Database database(m_database->url(), 2);
        const int before = count(database);
        int calls = 0;
        database.transact([&](db::Tx &tx) {
            insertAudit(tx);
            if (++calls == 1)
                throw pqxx::serialization_failure("could not serialize access");
        });
        QCOMPARE(calls, 2);
        QCOMPARE(count(database), before + 1); // the first attempt was rolled back
    }

    void reportsAfterTheRetry()
    {
        db::Database database(m_database->url(), 2);
        const int before = count(database);
        int calls = 0;
        QVERIFY_THROWS_EXCEPTION(Unavailable, database.transact([&](db::Tx &tx) {
            insertAudit(tx);
            ++calls;
            throw pqxx::deadlock_detected("deadlock detected");
        }));
        QCOMPARE(calls, 2);
        QCOMPARE(count(database), before);
    }

    void realSerializationConflictIsRetried()
    {
        db::Database database(m_database->url(), 2);
        database.autocommit([](db::Tx &tx) {
            tx.work().exec0("CREATE TABLE IF NOT EXISTS counter (id int PRIMARY KEY, n int)");
            tx.work().exec0("INSERT INTO counter VALUES (1, 0) ON CONFLICT DO NOTHING");
        });
        // A repeatable-read transaction whose row another session changes underneath it.
        int calls = 0;
        database.transact(
            [&](db::Tx &tx) {
                tx.work().exec1("SELECT n FROM counter WHERE id = 1");
                if (++calls == 1) {
                    pqxx::connection other{m_database->url()};
                    pqxx::work work{other};
                    work.exec0("UPDATE counter SET n = n + 1 WHERE id = 1");
                    work.commit();
                }
                tx.work().exec0("UPDATE counter SET n = n + 10 WHERE id = 1");
            },
            db::Database::Isolation::RepeatableRead);
        QCOMPARE(calls, 2);
        int n = 0;
        database.autocommit([&](db::Tx &tx) {
            n = tx.work().exec1("SELECT n FROM counter WHERE id = 1")[0].as<int>();
        });
        QCOMPARE(n, 11);
    }

    void ruleErrorsRollBack()
    {
        db::Database database(m_database->url(), 2);
        const int before = count(database);
        QVERIFY_THROWS_EXCEPTION(domain::Error, database.transact([&](db::Tx &tx) {
            insertAudit(tx);
            throw domain::Error(domain::ErrorCode::SeatUnavailable, QStringLiteral("taken"));
        }));
        QCOMPARE(count(database), before);
    }

    void survivesADatabaseRestart()
    {
        // Pooled connections killed while idle (as by a PostgreSQL restart) are replaced.
        db::Database database(m_database->url(), 1);
        const int before = count(database);
        database.transact(insertAudit);
        terminateOtherSessions();
        database.transact(insertAudit);
        QCOMPARE(count(database), before + 2);
    }

    void survivesARestartWithEveryConnectionStale()
    {
        // After a failover every idle connection is dead, not just one: the retry must not
        // take another stale one from the pool (the chaos run saw 503s that way).
        db::Database database(m_database->url(), 4);
        const int before = count(database);
        {
            std::vector<db::ConnectionPool::Lease> leases;
            for (int i = 0; i < 4; ++i)
                leases.push_back(database.pool().acquire());
            for (auto &lease : leases)
                QVERIFY(lease->pq);
        }
        terminateOtherSessions();
        for (int i = 0; i < 4; ++i)
            database.transact(insertAudit);
        QCOMPARE(count(database), before + 4);
    }

    void busyPoolIsUnavailableNotAHang()
    {
        db::ConnectionPool pool(m_database->url(), 1);
        auto lease = pool.acquire();
        QVERIFY_THROWS_EXCEPTION(Unavailable, pool.acquire(std::chrono::milliseconds(50)));
    }

    void unreachableDatabaseIsUnavailable()
    {
        db::Database database("postgresql://nobody@127.0.0.1:1/none?connect_timeout=2", 1);
        QVERIFY(!database.ping());
        QVERIFY_THROWS_EXCEPTION(Unavailable, database.transact([](db::Tx &) {}));
    }

    void cleanupTestCase() { m_database.reset(); }
};

QTEST_GUILESS_MAIN(TestDatabase)
#include "tst_database.moc"
