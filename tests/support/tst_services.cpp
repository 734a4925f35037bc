// SPDX-License-Identifier: GPL-3.0-or-later
#include "redis/redisclient.h"
#include "testenv.h"
#include "throwawaydatabase.h"

#include <pqxx/pqxx>

#include <QTest>

using namespace boxoffice::server;

// Proves that scripts/services gives the tests a real PostgreSQL and Redis.
class TestServices : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void postgresAnswersInAThrowawayDatabase()
    {
        const std::string adminUrl = boxoffice::test::requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!adminUrl.empty());
        std::string name;
        {
            db::ThrowawayDatabase database(adminUrl);
            name = database.name();
            pqxx::connection connection{database.url()};
            pqxx::work work{connection};
            QCOMPARE(work.exec1("SELECT current_database()")[0].as<std::string>(), name);
            QVERIFY(work.exec1("SHOW server_version_num")[0].as<int>() >= 150000);
        }
        pqxx::connection admin{adminUrl};
        pqxx::nontransaction work{admin};
        const auto left = work.exec1("SELECT count(*) FROM pg_database WHERE datname = "
                                     + work.quote(name));
        QCOMPARE(left[0].as<int>(), 0); // dropped on destruction
    }

    void redisAnswersPing()
    {
        const std::string url = boxoffice::test::requiredEnv("BOXOFFICE_TEST_REDIS_URL");
        QVERIFY(!url.empty());
        redis::RedisClient client;
        QVERIFY2(client.connect(QUrl(QString::fromStdString(url))), qPrintable(client.lastError()));
        const auto reply = client.command({"PING"});
        QVERIFY(reply.has_value());
        QCOMPARE(reply->string, QByteArray("PONG"));
        const auto set = client.command({"SET", "services-test", "x", "PX", "1000"});
        QVERIFY(set && !set->isError());
    }

    void withDatabaseReplacesOnlyTheName()
    {
        QCOMPARE(db::withDatabase("postgresql://u@h:5/postgres", "x"), "postgresql://u@h:5/x");
        QCOMPARE(db::withDatabase("postgresql://u@h:5/postgres?sslmode=disable", "x"),
                 "postgresql://u@h:5/x?sslmode=disable");
        QCOMPARE(db::withDatabase("postgresql://u@h:5", "x"), "postgresql://u@h:5/x");
    }
};

QTEST_GUILESS_MAIN(TestServices)
#include "tst_services.moc"
