// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionpool.h"

#include <QThreadPool>

#include <functional>

namespace pqxx {
class transaction_base;
}

namespace boxoffice::server::db {

/// A transaction in progress, handed to repositories; only db/ code looks inside.
class Tx
{
public:
    Tx(pqxx::transaction_base &work, PooledConnection &connection)
        : m_work(work)
        , m_connection(connection)
    {}
    pqxx::transaction_base &work() const { return m_work; }
    PooledConnection &connection() const { return m_connection; }

private:
    pqxx::transaction_base &m_work;
    PooledConnection &m_connection;
};

/// The database as the rest of the server sees it: a connection pool, a worker pool of the
/// same size for blocking work, and transactions that retry once on serialization failure or
/// deadlock before giving up with Unavailable.
class Database
{
public:
    enum class Isolation { ReadCommitted, RepeatableRead };

    Database(const std::string &url, int poolSize);
    ~Database();

    /// Runs `body` in one transaction and commits. Exceptions from `body` roll back and
    /// propagate; a serialization failure, a deadlock or a connection lost before the commit
    /// runs `body` once more, so `body` must not act outside the database (no provider calls).
    void transact(const std::function<void(Tx &)> &body,
                  Isolation isolation = Isolation::ReadCommitted);
    /// Runs `body` outside a transaction block (each statement commits on its own).
    void autocommit(const std::function<void(Tx &)> &body);
    /// True when a trivial query answers.
    bool ping();

    /// Where blocking database work runs, so the event loop never waits on PostgreSQL.
    QThreadPool *workers() { return &m_workers; }
    ConnectionPool &pool() { return m_pool; }

private:
    ConnectionPool m_pool;
    QThreadPool m_workers;
};

} // namespace boxoffice::server::db
