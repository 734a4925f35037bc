// SPDX-License-Identifier: GPL-3.0-or-later
#include "database.h"

#include "core/unavailable.h"
#include "statement.h"

#include <QLoggingCategory>

namespace boxoffice::server::db {

Q_LOGGING_CATEGORY(lcDb, "boxoffice.db")

Database::Database(const std::string &url, int poolSize)
    : m_pool(url, poolSize)
{
    // Twice the connections: a hold spends part of its time on Redis round trips (rate limit,
    // seat leases) before and after its statement, holding no connection then; with only as
    // many threads as connections, connections would sit idle meanwhile. The extra threads
    // wait in acquire() (with its timeout) while every connection is busy.
    m_workers.setMaxThreadCount(2 * m_pool.size());
    m_workers.setObjectName(QStringLiteral("db-workers"));
}

Database::~Database()
{
    m_workers.waitForDone();
}

void Database::transact(const std::function<void(Tx &)> &body, Isolation isolation)
{
    for (int attempt = 0;; ++attempt) {
        auto lease = m_pool.acquire();
        try {
            if (isolation == Isolation::RepeatableRead) {
                pqxx::transaction<pqxx::repeatable_read> work(lease->pq->connection);
                Tx tx(work, *lease);
                body(tx);
                work.commit();
            } else {
                pqxx::work work(lease->pq->connection);
                Tx tx(work, *lease);
                body(tx);
                work.commit();
            }
            return;
        } catch (const pqxx::transaction_rollback &error) {
            // serialization_failure, deadlock_detected: the other side won; one more try.
            if (attempt >= 1) {
                qCWarning(lcDb) << "transaction failed after retry:" << error.what();
                throw Unavailable(std::string("database conflict: ") + error.what());
            }
            qCInfo(lcDb) << "retrying transaction after:" << error.what();
        } catch (const pqxx::broken_connection &error) {
            // A pooled connection that died while idle (database restart): nothing was
            // committed, so one more try on a fresh connection is safe.
            lease->broken = true;
            if (attempt >= 1)
                throw Unavailable(std::string("database connection lost: ") + error.what());
            qCInfo(lcDb) << "reconnecting after:" << error.what();
        } catch (const pqxx::in_doubt_error &error) {
            lease->broken = true;
            throw Unavailable(std::string("commit outcome unknown: ") + error.what());
        }
    }
}

void Database::autocommit(const std::function<void(Tx &)> &body)
{
    auto lease = m_pool.acquire();
    try {
        pqxx::nontransaction work(lease->pq->connection);
        Tx tx(work, *lease);
        body(tx);
    } catch (const pqxx::broken_connection &error) {
        lease->broken = true;
        throw Unavailable(std::string("database connection lost: ") + error.what());
    }
}

bool Database::ping()
{
    try {
        bool ok = false;
        autocommit([&](Tx &tx) { ok = tx.work().exec("SELECT 1").size() == 1; });
        return ok;
    } catch (const std::exception &) {
        return false;
    }
}

} // namespace boxoffice::server::db
