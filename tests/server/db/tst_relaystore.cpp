// SPDX-License-Identifier: GPL-3.0-or-later
#include "db/migrator.h"
#include "db/relaystore.h"
#include "testenv.h"
#include "throwawaydatabase.h"

#include <pqxx/pqxx>

#include <QDeadlineTimer>
#include <QTest>
#include <QThread>

using namespace boxoffice::server;

// The relay's transaction on its own: a batch of outbox rows becomes one seat-map version per
// event, complete seat history (one row per seat of each outbox row, in outbox order) and
// order_log rows; the relay cursor publishes each row exactly once and never skips the row of a
// transaction that commits late.
class TestRelayStore : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<db::ThrowawayDatabase> m_database;
    std::unique_ptr<pqxx::connection> m_connection;
    std::string m_event;

    int scalar(const std::string &sql)
    {
        pqxx::nontransaction work(*m_connection);
        return work.exec1(sql)[0].as<int>();
    }

    void outbox(pqxx::transaction_base &work, const std::string &kind, const std::string &payload)
    {
        work.exec_params("INSERT INTO outbox (event_id, kind, payload)"
                         " VALUES ($1::uuid, $2, $3::jsonb)",
                         m_event,
                         kind,
                         payload);
    }

private Q_SLOTS:
    // The relay publishes only rows below the oldest transaction still running in the whole
    // cluster, and tests running in parallel share the cluster: retry a while before judging.
    static std::vector<db::PublishedVersion> relayWhenVisible(db::RelayStore &store, int limit)
    {
        const QDeadlineTimer deadline(20000);
        auto versions = store.relayBatch(limit);
        while (versions.empty() && !deadline.hasExpired()) {
            QThread::msleep(20);
            versions = store.relayBatch(limit);
        }
        return versions;
    }

    void initTestCase()
    {
        const std::string url = boxoffice::test::requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        m_database = std::make_unique<db::ThrowawayDatabase>(url);
        db::Migrator(m_database->url()).migrate();
        m_connection = std::make_unique<pqxx::connection>(m_database->url());
        pqxx::work work(*m_connection);
        work.exec0(
            "INSERT INTO venues (id, name, document, seat_count) VALUES ('v', 'V', '{}', 4)");
        m_event = work.exec1("INSERT INTO events (venue_id, venue_version, title, starts_at,"
                             " on_sale_at, currency) VALUES ('v', 1, 'E', now(), now(), 'EUR')"
                             " RETURNING id::text")[0]
                      .c_str();
        work.exec_params("INSERT INTO inventory (event_id, seat_id, section, row_label, number,"
                         " row_index, seat_index, category, x, y, rank)"
                         " SELECT $1::uuid, 'A' || n, 'S', '1', n::text, 1, n, 'c', n, 0, n"
                         " FROM generate_series(1, 4) n",
                         m_event);
        work.commit();
    }

    void batchIsSetBasedAndComplete()
    {
        {
            pqxx::work work(*m_connection);
            outbox(work, "seats.held", R"({"hold_id":"h1","owner":"u1","seats":["A1","A2"]})");
            outbox(work, "seats.held", R"({"hold_id":"h2","owner":"u2","seats":["A3"]})");
            outbox(work, "seats.released", R"({"reason":"expired","seats":["A1"]})");
            outbox(work, "event.updated", R"({"title":"E"})"); // no seats: no history
            work.exec_params("INSERT INTO outbox (event_id, kind, payload) VALUES ($1::uuid,"
                             " 'order.paid', jsonb_build_object('order_id', gen_random_uuid(),"
                             " 'owner', 'u1'))",
                             m_event);
            work.commit();
        }
        QCOMPARE(scalar("SELECT count(*) FROM outbox_pending"), 5);
        db::RelayStore store(m_database->url());
        QVERIFY(store.tryLead());
        const auto versions = relayWhenVisible(store, 500);
        QCOMPARE(int(versions.size()), 1); // one version for the event, whatever the row count
        QCOMPARE(versions[0].version, 1);
        QCOMPARE(scalar("SELECT count(*) FROM outbox_pending"), 0);
        QCOMPARE(scalar("SELECT count(*) FROM seat_history"), 4);
        {
            // One row per seat, in outbox order, each naming its outbox row.
            pqxx::nontransaction work(*m_connection);
            const auto history = work.exec(
                "SELECT h.seat_id || ':' || o.kind || ':' || (o.payload->>'hold_id' IS NOT "
                "NULL)::text || ':' || (o.payload->'seats' ? h.seat_id)::text"
                " FROM seat_history h JOIN outbox o ON o.id = h.outbox_id"
                " ORDER BY h.outbox_id, h.ctid");
            QStringList rows;
            for (const auto &row : history)
                rows.append(QString::fromStdString(row[0].c_str()));
            QCOMPARE(rows,
                     QStringList({"A1:seats.held:true:true",
                                  "A2:seats.held:true:true",
                                  "A3:seats.held:true:true",
                                  "A1:seats.released:false:true"}));
            QCOMPARE(work.exec1("SELECT count(*) FROM order_log WHERE owner = 'u1'")[0].as<int>(),
                     1);
            QCOMPARE(
                work.exec_params1("SELECT version FROM seatmap_versions WHERE event_id = $1::uuid",
                                  m_event)[0]
                    .as<int>(),
                1);
        }
        // Nothing is published twice.
        QVERIFY(store.relayBatch(500).empty());
        QCOMPARE(scalar("SELECT count(*) FROM seat_history"), 4);
    }

    void waitsForLateCommitAndKeepsOrder()
    {
        db::RelayStore store(m_database->url());
        QVERIFY(store.tryLead());
        pqxx::connection lateConnection(m_database->url());
        pqxx::work late(lateConnection);
        outbox(late, "seats.blocked", R"({"seats":["A4"]})"); // the older transaction id
        {
            pqxx::work work(*m_connection);
            outbox(work, "seats.held", R"({"hold_id":"h3","owner":"u3","seats":["A2"]})");
            work.commit();
        }
        // The committed row sits above the open transaction's xid: nothing goes out yet.
        QVERIFY(store.relayBatch(500).empty());
        QCOMPARE(scalar("SELECT count(*) FROM outbox_pending"), 1); // the open one is not visible
        late.commit();
        QCOMPARE(scalar("SELECT count(*) FROM outbox_pending"), 2);
        // Two rows of one batch limit each: the late row first, then the other, once each.
        const auto first = relayWhenVisible(store, 1);
        QCOMPARE(int(first.size()), 1);
        QCOMPARE(scalar("SELECT count(*) FROM seat_history WHERE seat_id = 'A4'"), 1);
        QCOMPARE(scalar("SELECT count(*) FROM seat_history h JOIN outbox o ON o.id = h.outbox_id"
                        " WHERE o.payload->>'hold_id' = 'h3'"),
                 0);
        const auto second = relayWhenVisible(store, 1);
        QCOMPARE(int(second.size()), 1);
        QCOMPARE(second[0].version, first[0].version + 1); // gap-free
        QCOMPARE(scalar("SELECT count(*) FROM seat_history h JOIN outbox o ON o.id = h.outbox_id"
                        " WHERE o.payload->>'hold_id' = 'h3'"),
                 1);
        QVERIFY(store.relayBatch(500).empty());
        QCOMPARE(scalar("SELECT count(*) FROM outbox_pending"), 0);
    }
};

QTEST_GUILESS_MAIN(TestRelayStore)
#include "tst_relaystore.moc"
