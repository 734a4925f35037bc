// SPDX-License-Identifier: GPL-3.0-or-later
#include "connectionpool.h"

#include "core/unavailable.h"
#include "statement.h"

namespace boxoffice::server::db {

PooledConnection::PooledConnection() = default;
PooledConnection::~PooledConnection() = default;

ConnectionPool::ConnectionPool(std::string url, int size)
    : m_url(std::move(url))
    , m_size(std::max(1, size))
{}

ConnectionPool::~ConnectionPool() = default;

ConnectionPool::Lease::Lease(ConnectionPool *pool, std::unique_ptr<PooledConnection> connection)
    : m_pool(pool)
    , m_connection(std::move(connection))
{}

ConnectionPool::Lease::~Lease()
{
    if (m_connection)
        m_pool->release(std::move(m_connection));
}

ConnectionPool::Lease ConnectionPool::acquire(std::chrono::milliseconds timeout)
{
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    std::unique_ptr<PooledConnection> connection;
    {
        std::unique_lock locker(m_mutex);
        if (!m_available.wait_until(locker, deadline, [this] {
                return !m_idle.empty() || m_opened < m_size;
            }))
            throw Unavailable("all database connections are busy");
        if (!m_idle.empty()) {
            connection = std::move(m_idle.back());
            m_idle.pop_back();
        } else {
            ++m_opened;
        }
    }
    if (!connection || connection->broken || !connection->pq->connection.is_open()) {
        try {
            connection = std::make_unique<PooledConnection>();
            connection->pq = std::make_unique<PqConnection>(m_url);
        } catch (const std::exception &error) {
            const std::lock_guard locker(m_mutex);
            --m_opened;
            m_available.notify_one();
            throw Unavailable(std::string("cannot connect to the database: ") + error.what());
        }
    }
    return Lease(this, std::move(connection));
}

void ConnectionPool::release(std::unique_ptr<PooledConnection> connection)
{
    std::vector<std::unique_ptr<PooledConnection>> suspects;
    {
        const std::lock_guard locker(m_mutex);
        if (connection->broken) {
            // One dead connection most likely means the server restarted or failed over:
            // the idle ones opened before are dead too, and a retry must not take one.
            suspects.swap(m_idle);
            m_opened -= int(suspects.size()) + 1; // all reopened on the next acquires
        } else {
            m_idle.push_back(std::move(connection));
        }
        m_available.notify_all();
    }
    // Closed outside the lock: closing a socket to a dead server may take a moment.
}

} // namespace boxoffice::server::db
