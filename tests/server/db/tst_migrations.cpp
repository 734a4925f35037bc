// SPDX-License-Identifier: GPL-3.0-or-later
#include "db/migrator.h"
#include "serverprocess.h"
#include "testenv.h"
#include "throwawaydatabase.h"

#include <pqxx/pqxx>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace boxoffice::test;
using boxoffice::server::db::Migrator;
using boxoffice::server::db::SqlFunction;
using boxoffice::server::db::ThrowawayDatabase;

class TestMigrations : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void migrationsAreEmbeddedAndNumbered()
    {
        const auto migrations = Migrator::embedded();
        QVERIFY(!migrations.isEmpty());
        for (qsizetype i = 1; i < migrations.size(); ++i)
            QVERIFY(migrations[i - 1].version < migrations[i].version);
    }

    void migrateTwiceIsANoOp()
    {
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        ThrowawayDatabase database(url);
        QByteArray out;
        const QStringList args{QStringLiteral("migrate"),
                               QStringLiteral("--database-url"),
                               QString::fromStdString(database.url())};
        QCOMPARE(ServerProcess::run(args, &out), 0);
        QVERIFY(out.contains("applied 0001_core_schema.sql"));
        QCOMPARE(ServerProcess::run(args, &out), 0);
        QVERIFY2(out.contains("up to date"), out.constData());
        QCOMPARE(Migrator(database.url()).appliedVersions().size(), Migrator::embedded().size());
    }

    void existingEventsGetAStatusVector()
    {
        // A database at migration 0050 with an event whose seats are available, sold, held and
        // held past their expiry, then migrated to the end: ordinals in seat id order, and the
        // status vector (0051) says what the rows say, expired holds as available.
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        ThrowawayDatabase database(url);
        pqxx::connection connection(database.url());
        std::string event;
        {
            pqxx::work work(connection);
            work.exec0("CREATE TABLE schema_migrations (version integer PRIMARY KEY,"
                       " name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())");
            for (const auto &migration : Migrator::embedded()) {
                if (migration.version > 50)
                    break;
                work.exec0(migration.sql.toStdString());
                work.exec_params0("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)",
                                  migration.version,
                                  migration.name.toStdString());
            }
            work.exec0("INSERT INTO venues (id, name, document, seat_count) VALUES ('v', 'V', "
                       "'{}', 2500)");
            event = work.exec1("INSERT INTO events (venue_id, venue_version, title, starts_at,"
                               " on_sale_at, currency) VALUES ('v', 1, 'E', now(), now(), 'EUR')"
                               " RETURNING id::text")[0]
                        .c_str();
            // 2,500 seats: three chunks, and seat ids whose text order is not their number's.
            work.exec_params0(
                "INSERT INTO inventory (event_id, seat_id, section, row_label, number,"
                " row_index, seat_index, category, x, y, rank)"
                " SELECT $1::uuid, 'A' || n, 'S', '1', n::text, 1, n, 'c', n, 0, n"
                " FROM generate_series(1, 2500) n",
                event);
            work.exec_params0("UPDATE inventory SET status = 'sold' WHERE event_id = $1::uuid"
                              " AND number::int % 7 = 0",
                              event);
            work.exec_params0("UPDATE inventory SET status = 'held', hold_id = gen_random_uuid(),"
                              " expires_at = now() + CASE WHEN number::int % 2 = 0"
                              " THEN interval '1 hour' ELSE interval '-1 hour' END"
                              " WHERE event_id = $1::uuid AND number::int % 11 = 0"
                              " AND number::int % 7 <> 0",
                              event);
            work.exec_params0("INSERT INTO ga_zones (event_id, ga_id, name, category, capacity,"
                              " sold) VALUES ($1::uuid, 'PISTA', 'Pista', 'c', 50, 8)",
                              event);
            work.commit();
        }
        // The ones after 0050, in order (later migrations follow them).
        QCOMPARE(Migrator(database.url()).migrate().mid(0, 4),
                 QStringList({QStringLiteral("0051_seatmap_statuses.sql"),
                              QStringLiteral("0052_seatmap_template_table.sql"),
                              QStringLiteral("0055_hold_seats_generic_plans.sql"),
                              QStringLiteral("0056_hold_seats_given_id.sql")}));
        pqxx::work work(connection);
        QCOMPARE(work.exec_params1("SELECT count(*) FROM (SELECT ordinal, row_number() OVER"
                                   " (ORDER BY seat_id) - 1 AS expected FROM inventory"
                                   " WHERE event_id = $1::uuid) o WHERE ordinal = expected",
                                   event)[0]
                     .as<int>(),
                 2500);
        const auto row = work.exec_params1(
            "SELECT (SELECT string_agg(codes, '' ORDER BY chunk) FROM seatmap_statuses"
            "   WHERE event_id = $1::uuid),"
            " (SELECT string_agg(CASE WHEN status = 'held' AND expires_at < now() THEN 'a'"
            "   ELSE left(status, 1) END, '' ORDER BY seat_id) FROM inventory"
            "   WHERE event_id = $1::uuid),"
            " (SELECT count(*) FROM seatmap_statuses WHERE event_id = $1::uuid),"
            " (SELECT ga::text FROM seatmap_versions WHERE event_id = $1::uuid)",
            event);
        const QByteArray vector(row[0].c_str());
        QCOMPARE(vector.size(), 2500);
        QCOMPARE(vector, QByteArray(row[1].c_str()));
        int sold = 0, held = 0;
        for (int n = 1; n <= 2500; ++n) {
            sold += n % 7 == 0;
            held += n % 7 != 0 && n % 11 == 0 && n % 2 == 0; // the odd ones expired
        }
        QCOMPARE(vector.count('s'), sold);
        QCOMPARE(vector.count('h'), held);
        QCOMPARE(row[2].as<int>(), 3);
        QCOMPARE(QByteArray(row[3].c_str()), QByteArray("{\"PISTA\": 42}"));
    }

    // A function's file is its one definition: the migrator creates it when the database lacks
    // it or has another text of it, and leaves it alone otherwise.
    void aChangedFunctionIsReapplied()
    {
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        ThrowawayDatabase database(url);
        QTemporaryDir functions;
        QVERIFY(functions.isValid());
        for (const SqlFunction &function : Migrator::functions()) {
            QFile file(functions.filePath(function.name + QStringLiteral(".sql")));
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(function.sql);
        }
        const auto writeProbe = [&](int answer) {
            QFile file(functions.filePath(QStringLiteral("boxoffice_probe.sql")));
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
            file.write(QByteArray("CREATE OR REPLACE FUNCTION boxoffice_probe() RETURNS integer"
                                  " LANGUAGE sql AS 'SELECT ")
                       + QByteArray::number(answer) + "';\n");
        };
        const auto probe = [&] {
            pqxx::connection connection(database.url());
            pqxx::nontransaction work(connection);
            return work.exec1("SELECT boxoffice_probe()")[0].as<int>();
        };
        writeProbe(1);
        const QStringList first = Migrator(database.url(), functions.path()).migrate();
        QVERIFY(first.contains(QStringLiteral("function hold_seats")));
        QVERIFY(first.contains(QStringLiteral("function boxoffice_probe")));
        QCOMPARE(probe(), 1);
        // Same texts: nothing to do.
        QCOMPARE(Migrator(database.url(), functions.path()).migrate(), QStringList());
        // A new text of one function: that one only, and the database runs the new one.
        writeProbe(2);
        QCOMPARE(Migrator(database.url(), functions.path()).migrate(),
                 QStringList({QStringLiteral("function boxoffice_probe")}));
        QCOMPARE(probe(), 2);
    }

    // A database migrated by 0.1 (whose migrations carried the functions: three copies of
    // hold_seats, ...) and a fresh one end with the same functions, triggers and schema.
    void upgradedAndFreshDatabasesAgree()
    {
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        ThrowawayDatabase fresh(url, "fresh");
        ThrowawayDatabase upgraded(url, "upgraded");
        Migrator(fresh.url()).migrate();
        const QDir legacy(QString::fromLocal8Bit(qgetenv("BOXOFFICE_SOURCE_DIR"))
                          + QStringLiteral("/tests/server/db/data/migrations-0.1"));
        QVERIFY(legacy.exists());
        {
            pqxx::connection connection(upgraded.url());
            pqxx::work work(connection);
            work.exec0("CREATE TABLE schema_migrations (version integer PRIMARY KEY,"
                       " name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())");
            int replaced = 0;
            for (const auto &migration : Migrator::embedded()) {
                QByteArray sql = migration.sql;
                QFile old(legacy.filePath(migration.name));
                if (old.exists()) {
                    QVERIFY(old.open(QIODevice::ReadOnly));
                    sql = old.readAll();
                    ++replaced;
                } else {
                    // Newer than 0.1: its functions first, as the Migrator applies them.
                    for (const auto &function : Migrator::functions())
                        if (migration.functions.contains(function.name))
                            work.exec0(function.sql.toStdString());
                }
                work.exec0(sql.toStdString());
                work.exec_params0("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)",
                                  migration.version,
                                  migration.name.toStdString());
            }
            QCOMPARE(replaced, 9);
            work.commit();
        }
        const QStringList applied = Migrator(upgraded.url()).migrate();
        QCOMPARE(applied.size(), Migrator::functions().size()); // functions only
        const auto describe = [](const std::string &databaseUrl) {
            pqxx::connection connection(databaseUrl);
            pqxx::nontransaction work(connection);
            QStringList out;
            for (const auto &row : work.exec(
                     "SELECT p.proname || ': ' || pg_get_functiondef(p.oid) FROM pg_proc p"
                     " JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'"
                     " UNION ALL SELECT 'trigger ' || tgname || ': ' || pg_get_triggerdef(oid)"
                     " FROM pg_trigger WHERE NOT tgisinternal"
                     " UNION ALL SELECT 'column ' || table_name || '.' || column_name || ' '"
                     " || data_type || ' ' || coalesce(column_default, '') FROM"
                     " information_schema.columns WHERE table_schema = 'public'"
                     " AND table_name NOT IN ('schema_migrations', 'schema_functions')"
                     " UNION ALL SELECT 'index ' || indexdef FROM pg_indexes"
                     " WHERE schemaname = 'public' ORDER BY 1"))
                out.append(QString::fromUtf8(row[0].c_str()));
            return out;
        };
        const QStringList a = describe(fresh.url());
        const QStringList b = describe(upgraded.url());
        QVERIFY(a.size() > 100);
        QVERIFY(a.filter(QStringLiteral("hold_seats_batch: ")).size() == 1);
        for (qsizetype i = 0; i < std::min(a.size(), b.size()); ++i)
            QCOMPARE(b[i], a[i]);
        QCOMPARE(b.size(), a.size());
    }

    void concurrentMigrateIsSafe()
    {
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        ThrowawayDatabase database(url);
        // Two processes at once: the advisory lock lets one apply and the other find it done.
        std::vector<std::unique_ptr<QProcess>> processes;
        for (int i = 0; i < 3; ++i) {
            auto process = std::make_unique<QProcess>();
            process->start(ServerProcess::binary(),
                           {QStringLiteral("migrate"),
                            QStringLiteral("--database-url"),
                            QString::fromStdString(database.url())});
            processes.push_back(std::move(process));
        }
        int applied = 0;
        for (auto &process : processes) {
            QVERIFY(process->waitForFinished(60000));
            QCOMPARE(process->exitCode(), 0);
            // Migrations once in all (functions are reported as "applied function <name>").
            applied += int(process->readAllStandardOutput().count(".sql\n"));
        }
        QCOMPARE(applied, int(Migrator::embedded().size()));
        pqxx::connection connection{database.url()};
        pqxx::nontransaction work{connection};
        QCOMPARE(work.exec1("SELECT count(*) FROM schema_migrations")[0].as<int>(),
                 int(Migrator::embedded().size()));
        // The one rule exists as a constraint.
        QCOMPARE(work.exec1("SELECT count(*) FROM pg_indexes WHERE indexname = "
                            "'tickets_one_valid_per_seat'")[0]
                     .as<int>(),
                 1);
    }

    void oneValidTicketPerSeat()
    {
        // The one rule holds in the database itself, whatever the layers above do.
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        ThrowawayDatabase database(url);
        Migrator(database.url()).migrate();
        pqxx::connection connection{database.url()};
        pqxx::nontransaction work{connection}; // each statement on its own
        work.exec0(
            "INSERT INTO venues (id, name, document, seat_count) VALUES ('v', 'V', '{}', 1)");
        const std::string event
            = work.exec1("INSERT INTO events (venue_id, venue_version, title, starts_at, "
                         "on_sale_at, currency)"
                         " VALUES ('v', 1, 'E', now(), now(), 'EUR') RETURNING id")[0]
                  .as<std::string>();
        const std::string hold1
            = work.exec1("INSERT INTO holds (event_id, owner, expires_at) VALUES ('" + event
                         + "', 'a', now()) RETURNING id")[0]
                  .as<std::string>();
        const std::string hold2
            = work.exec1("INSERT INTO holds (event_id, owner, expires_at) VALUES ('" + event
                         + "', 'b', now()) RETURNING id")[0]
                  .as<std::string>();
        const std::string order1 = work.exec1("INSERT INTO orders (hold_id, event_id, owner, "
                                              "amount_cents, currency) VALUES ('"
                                              + hold1 + "', '" + event
                                              + "', 'a', 1, 'EUR') RETURNING id")[0]
                                       .as<std::string>();
        const std::string order2 = work.exec1("INSERT INTO orders (hold_id, event_id, owner, "
                                              "amount_cents, currency) VALUES ('"
                                              + hold2 + "', '" + event
                                              + "', 'b', 1, 'EUR') RETURNING id")[0]
                                       .as<std::string>();
        work.exec0("INSERT INTO tickets (order_id, event_id, seat_id, code) VALUES ('" + order1
                   + "', '" + event + "', 'A-1', 'c1')");
        QVERIFY_THROWS_EXCEPTION(
            pqxx::unique_violation,
            work.exec0("INSERT INTO tickets (order_id, event_id, seat_id, code) VALUES ('" + order2
                       + "', '" + event + "', 'A-1', 'c2')"));
        // A void ticket does not count: reissue and refund stay possible.
        work.exec0("UPDATE tickets SET status = 'void' WHERE code = 'c1'");
        work.exec0("INSERT INTO tickets (order_id, event_id, seat_id, code) VALUES ('" + order2
                   + "', '" + event + "', 'A-1', 'c2')");
        // And one order per hold.
        QVERIFY_THROWS_EXCEPTION(
            pqxx::unique_violation,
            work.exec0(
                "INSERT INTO orders (hold_id, event_id, owner, amount_cents, currency) VALUES ('"
                + hold1 + "', '" + event + "', 'a', 1, 'EUR')"));
    }

    void seedDemoIsIdempotent()
    {
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        ThrowawayDatabase database(url);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("BOXOFFICE_JWT_SECRET"), QStringLiteral("seed-secret"));
        const QStringList args{QStringLiteral("seed-demo"),
                               QStringLiteral("--database-url"),
                               QString::fromStdString(database.url())};
        QByteArray out;
        QCOMPARE(ServerProcess::run(args, &out, env), 0);
        QVERIFY2(out.contains("demo-manager / ") && out.contains("demo-clerk   / "),
                 out.constData());
        QCOMPARE(ServerProcess::run(args, &out, env), 0);
        QVERIFY(out.contains("already there"));
        pqxx::connection connection{database.url()};
        pqxx::nontransaction work{connection};
        // Demo hall (600 seats, two events) plus resources/venues: small theatre (522 seats)
        // and arena (976 seats), one event each; plus the search catalog (src/seedcatalog.cpp):
        // 8 venues of 50 seats and 40 events with one price each.
        QCOMPARE(work.exec1("SELECT count(*) FROM venues")[0].as<int>(), 3 + 8);
        QCOMPARE(work.exec1("SELECT count(*) FROM events")[0].as<int>(), 4 + 40);
        QCOMPARE(work.exec1("SELECT count(*) FROM inventory")[0].as<int>(),
                 2 * 600 + 522 + 976 + 40 * 50);
        QCOMPARE(work.exec1("SELECT count(*) FROM price_categories WHERE price_cents > 0")[0]
                     .as<int>(),
                 3 + 3 + 2 + 3 + 40);
        QCOMPARE(work.exec1("SELECT count(*) FROM users")[0].as<int>(), 2);
    }
};

QTEST_GUILESS_MAIN(TestMigrations)
#include "tst_migrations.moc"
