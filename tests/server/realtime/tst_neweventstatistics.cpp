// SPDX-License-Identifier: GPL-3.0-or-later
#include "backoffice.h"
#include "realtimefixture.h"
#include "testenv.h"

#include <pqxx/pqxx>

using namespace boxoffice::test;

// Found by bench_shop's 1,000 seat changes a second: on the second event of a young database
// the relay took up to 9 s a batch and holds ran 2-3x slower. PostgreSQL's statistics of the
// inventory (gathered by autovacuum after the first event's seats) knew one event_id, so for
// any other it expected a single row and looked each seat up by walking the event's rows with
// the section index (34,000 rows filtered away per seat). Creating an event now refreshes the
// inventory's statistics (as does copying one), so the planner knows its seats from the first
// hold on.
class TestNewEventStatistics : public QObject
{
    Q_OBJECT

    std::unique_ptr<ServerProcess> m_server;

    std::string sql1(const std::string &query, const std::string &param = {})
    {
        pqxx::connection connection{m_server->databaseUrl()};
        pqxx::nontransaction work{connection};
        const auto row = param.empty() ? work.exec1(query) : work.exec_params1(query, param);
        return row[0].is_null() ? std::string() : row[0].c_str();
    }

private Q_SLOTS:
    void initTestCase()
    {
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        m_server = std::make_unique<ServerProcess>(url);
        QVERIFY2(m_server->isRunning(), m_server->log().constData());
    }

    void aNewEventsSeatsAreFoundByTheirKey()
    {
        const QString first = createEvent(*m_server, QStringLiteral("stats-venue"), 4, 25, 50);
        QVERIFY(!first.isEmpty());
        // As autovacuum does once the first event's seats are in.
        {
            pqxx::connection connection{m_server->databaseUrl()};
            pqxx::nontransaction(connection).exec0("ANALYZE inventory");
        }
        const QString second = createEvent(*m_server, QStringLiteral("stats-venue-2"), 4, 25, 50);
        QVERIFY(!second.isEmpty());

        const std::string known = sql1("SELECT most_common_vals::text FROM pg_stats"
                                       " WHERE tablename = 'inventory' AND attname = 'event_id'");
        QVERIFY2(QString::fromStdString(known).contains(second), known.c_str());
        // An event made as a copy of another (its seats copied) is known at once too.
        const QByteArray manager = testToken(QStringLiteral("stats-boss"),
                                             QStringLiteral("manager"));
        const auto copy = m_server->client().post(eventPath(first, "/duplicate"),
                                                  QJsonObject{{QStringLiteral("title"),
                                                               QStringLiteral("Second night")},
                                                              {QStringLiteral("starts_at"),
                                                               QStringLiteral(
                                                                   "2030-06-02T20:00:00Z")}},
                                                  manager);
        QVERIFY2(copy.status == 201, copy.body.constData());
        const QString copied = copy.json().value(u"id").toString();
        const std::string knownNow = sql1(
            "SELECT most_common_vals::text FROM pg_stats"
            " WHERE tablename = 'inventory' AND attname = 'event_id'");
        QVERIFY2(QString::fromStdString(knownNow).contains(copied), knownNow.c_str());

        // The relay's and the holds' kind of lookup: a batch of seats of the new event.
        const std::string plan = sql1(
            "EXPLAIN (FORMAT JSON) SELECT seat_id, status FROM inventory"
            " WHERE event_id = $1::uuid AND seat_id = ANY(ARRAY['S1-1-1','S2-3-4','S4-25-50'])",
            second.toStdString());
        QVERIFY2(QString::fromStdString(plan).contains(u"inventory_pkey"), plan.c_str());
        const std::string lateral = sql1(
            "EXPLAIN (FORMAT JSON) SELECT i.status FROM unnest(ARRAY['S1-1-1','S2-3-4']) s(seat_id)"
            " CROSS JOIN LATERAL (SELECT status FROM inventory WHERE event_id = $1::uuid"
            " AND seat_id = s.seat_id LIMIT 1) i",
            second.toStdString());
        QVERIFY2(QString::fromStdString(lateral).contains(u"inventory_pkey"), lateral.c_str());
    }
};

QTEST_GUILESS_MAIN(TestNewEventStatistics)
#include "tst_neweventstatistics.moc"
