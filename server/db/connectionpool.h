// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace boxoffice::server::db {

struct PqConnection; // a pqxx::connection; defined in statement.h (db/ only)

/// One pooled connection plus the names of the statements already prepared on it.
struct PooledConnection
{
    PooledConnection();
    ~PooledConnection();
    std::unique_ptr<PqConnection> pq;
    std::set<std::string> prepared;
    bool broken = false;
};

/// A fixed-size pool of libpqxx connections, opened lazily and reopened when broken (one broken
/// connection retires every idle one: after a failover they are all dead).
/// acquire() blocks (up to a timeout) while all are in use; it is used from worker threads only.
class ConnectionPool
{
public:
    ConnectionPool(std::string url, int size);
    ~ConnectionPool();
    ConnectionPool(const ConnectionPool &) = delete;
    ConnectionPool &operator=(const ConnectionPool &) = delete;

    /// A leased connection, returned to the pool on destruction.
    class Lease
    {
    public:
        Lease(ConnectionPool *pool, std::unique_ptr<PooledConnection> connection);
        ~Lease();
        Lease(Lease &&) noexcept = default;
        Lease &operator=(Lease &&) = delete;
        PooledConnection &operator*() const { return *m_connection; }
        PooledConnection *operator->() const { return m_connection.get(); }

    private:
        ConnectionPool *m_pool;
        std::unique_ptr<PooledConnection> m_connection;
    };

    /// Throws Unavailable when no connection can be had within `timeout` or opened.
    Lease acquire(std::chrono::milliseconds timeout = std::chrono::seconds(10));
    int size() const { return m_size; }
    const std::string &url() const { return m_url; }

private:
    void release(std::unique_ptr<PooledConnection> connection);

    std::string m_url;
    int m_size;
    int m_opened = 0;
    // std:: rather than QMutex/QWaitCondition: ThreadSanitizer sees the wait unlock the mutex
    // (Qt's wait happens inside an uninstrumented libQt6Core).
    std::mutex m_mutex;
    std::condition_variable m_available;
    std::vector<std::unique_ptr<PooledConnection>> m_idle;
};

} // namespace boxoffice::server::db
