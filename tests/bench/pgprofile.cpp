// SPDX-License-Identifier: GPL-3.0-or-later
#include "pgprofile.h"

#include <QElapsedTimer>
#include <QThread>

#include <pqxx/pqxx>

namespace boxoffice::test {

namespace {

// Unpublished outbox rows, since the relay cursor (migration 0041) replaced outbox.published_at
// and before (the bench also runs older server builds).
constexpr const char *kPending = "SELECT count(*) FROM outbox_pending";
constexpr const char *kPendingBefore0041 = "SELECT count(*) FROM outbox WHERE published_at IS NULL";

} // namespace

PgProfile::PgProfile(std::string adminUrl, const std::string &databaseUrl)
    : m_adminUrl(std::move(adminUrl))
    , m_databaseUrl(databaseUrl)
{
    pqxx::connection connection(m_databaseUrl);
    pqxx::nontransaction work(connection);
    m_database = work.exec1("SELECT current_database()")[0].c_str();
}

PgProfile::Totals PgProfile::totals()
{
    pqxx::connection connection(m_adminUrl);
    pqxx::nontransaction work(connection);
    // Backends flush their counters at most once a second; make ours current.
    const pqxx::row row
        = work.exec_params1("SELECT d.xact_commit, d.xact_rollback, w.wal_bytes, w.wal_records"
                            " FROM pg_stat_database d, pg_stat_wal w WHERE d.datname = $1",
                            m_database);
    return {row[0].as<double>(), row[1].as<double>(), row[2].as<double>(), row[3].as<double>()};
}

void PgProfile::start()
{
    pqxx::connection connection(m_adminUrl);
    pqxx::nontransaction work(connection);
    try {
        work.exec("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
        work.exec("SELECT pg_stat_statements_reset()");
        m_statements = true;
    } catch (const std::exception &) {
        m_statements = false; // not preloaded: transactions and WAL only
    }
    m_start = totals();
}

QString PgProfile::report(int created, int requests, int topStatements)
{
    // Wait for the relay to publish what the run wrote (its work belongs to the holds), then
    // for the idle backends to flush their statistics (at most a second).
    QElapsedTimer caughtUp;
    caughtUp.start();
    {
        pqxx::connection connection(m_databaseUrl);
        const bool cursor = pqxx::nontransaction(connection)
                                .exec1("SELECT to_regclass('outbox_pending') IS NOT NULL")[0]
                                .as<bool>();
        while (caughtUp.elapsed() < 30000) {
            pqxx::nontransaction work(connection);
            if (work.exec1(cursor ? kPending : kPendingBefore0041)[0].as<int>() == 0)
                break;
            QThread::msleep(50);
        }
    }
    const qint64 relayMs = caughtUp.elapsed();
    QThread::msleep(1500);
    const Totals end = totals();
    const double perHold = created > 0 ? 1.0 / created : 0;
    auto fixed = [](double value, int decimals) { return QString::number(value, 'f', decimals); };
    QString text = QStringLiteral(
                       "  PostgreSQL per created hold (relay caught up %1 ms after the run):"
                       " %2 commits, %3 rollbacks, %4 WAL bytes, %5 WAL records\n")
                       .arg(relayMs)
                       .arg(fixed((end.commits - m_start.commits) * perHold, 2),
                            fixed((end.rollbacks - m_start.rollbacks) * perHold, 2),
                            fixed((end.walBytes - m_start.walBytes) * perHold, 0),
                            fixed((end.walRecords - m_start.walRecords) * perHold, 1));
    if (!m_statements)
        return text + QStringLiteral("  (no pg_stat_statements: statements not counted)\n");
    pqxx::connection connection(m_adminUrl);
    pqxx::nontransaction work(connection);
    const std::string where = " FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid"
                              " WHERE d.datname = "
                              + work.quote(m_database);
    const pqxx::row sums = work.exec1(
        "SELECT coalesce(sum(calls) FILTER (WHERE toplevel), 0)::float8,"
        " coalesce(sum(calls) FILTER (WHERE NOT toplevel), 0)::float8,"
        " coalesce(sum(total_exec_time) FILTER (WHERE toplevel), 0)::float8"
        + where);
    text += QStringLiteral("  statements per created hold: %1 top-level (%2 per request), %3 "
                           "nested; %4 ms of top-level execution\n")
                .arg(fixed(sums[0].as<double>() * perHold, 2),
                     fixed(requests > 0 ? sums[0].as<double>() / requests : 0, 2),
                     fixed(sums[1].as<double>() * perHold, 2),
                     fixed(sums[2].as<double>() * perHold, 3));
    text += QStringLiteral("  top statements by total time (ms per created hold, calls per created"
                           " hold, nested or top-level):\n");
    for (const auto &row :
         work.exec_params("SELECT total_exec_time::float8, calls::float8, toplevel,"
                          " regexp_replace(query, '\\s+', ' ', 'g')"
                              + where + " ORDER BY total_exec_time DESC LIMIT $1",
                          topStatements))
        text += QStringLiteral("    %1 ms %2 calls %3 %4\n")
                    .arg(fixed(row[0].as<double>() * perHold, 3),
                         fixed(row[1].as<double>() * perHold, 2),
                         row[2].as<bool>() ? QStringLiteral("top") : QStringLiteral("nested"),
                         QString::fromStdString(row[3].as<std::string>()).left(110));
    return text;
}

} // namespace boxoffice::test
