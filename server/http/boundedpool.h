// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QThreadPool>

#include <atomic>
#include <functional>
#include <utility>

namespace boxoffice::server::http {

/// A small thread pool of its own with a bound on what may wait: for work that is expensive
/// on purpose (password hashing, scrypt at 32 MiB) and must never queue in front of holds on
/// the database workers. tryStart() refuses at once when `maxQueued` jobs are waiting or
/// running, so a flood costs a refusal each, not memory or time.
class BoundedPool
{
public:
    BoundedPool(const QString &name, int threads, int maxQueued);
    ~BoundedPool();

    /// Runs `job` on the pool, or returns false (nothing done) when the pool is full.
    bool tryStart(std::function<void()> job);
    int threads() const { return m_pool.maxThreadCount(); }
    int inFlight() const { return m_inFlight.load(); }
    qint64 refused() const { return m_refused.load(); }
    void waitForDone(int timeoutMs) { m_pool.waitForDone(timeoutMs); }

    /// The password-hashing pool's size from the environment: BOXOFFICE_LOGIN_THREADS (default
    /// half the cores, at least 1) and BOXOFFICE_LOGIN_QUEUE (default 32).
    static std::pair<int, int> passwordPoolSize();

private:
    QThreadPool m_pool;
    int m_maxQueued;
    std::atomic<int> m_inFlight = 0;
    std::atomic<qint64> m_refused = 0;
};

} // namespace boxoffice::server::http
