// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <string>

namespace boxoffice::test {

/// PostgreSQL work of one database during a bench phase: transactions, WAL and (when the
/// cluster preloads pg_stat_statements) statements, as differences of the statistics views.
class PgProfile
{
public:
    /// `adminUrl` reaches the cluster's maintenance database; `databaseUrl` is the measured one.
    PgProfile(std::string adminUrl, const std::string &databaseUrl);

    /// Resets the statement counters and remembers the cumulative ones.
    void start();
    /// Lines "per created hold" (and per request) since start(); waits first until the outbox
    /// relay has caught up and the backends have flushed their statistics.
    QString report(int created, int requests, int topStatements);

private:
    struct Totals
    {
        double commits = 0;
        double rollbacks = 0;
        double walBytes = 0;
        double walRecords = 0;
    };
    Totals totals();

    std::string m_adminUrl;
    std::string m_databaseUrl;
    std::string m_database;
    bool m_statements = false;
    Totals m_start;
};

} // namespace boxoffice::test
