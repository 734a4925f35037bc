// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <atomic>
#include <string>
#include <thread>

namespace boxoffice::server::outbox {

/// Settings of the relay thread.
struct RelayOptions
{
    int pollMs = 20;                ///< pause after a batch that was not full (or empty)
    int batch = 500;                ///< outbox rows per relay transaction
    int logRetentionSeconds = 3600; ///< seat-map log rows older than this are pruned
};

/// The outbox relay of this instance: a thread that competes for the relay leader lock (a
/// session advisory lock on its own connection) and, while it leads, publishes outbox rows into
/// seatmap_log and feeds the search projection. A dead leader's session ends, its lock goes,
/// and another instance's relay takes over within a second.
class OutboxRelay
{
public:
    OutboxRelay(std::string url, RelayOptions options);
    ~OutboxRelay();
    OutboxRelay(const OutboxRelay &) = delete;
    OutboxRelay &operator=(const OutboxRelay &) = delete;

    void start();
    /// Stops the thread (its session ends, so the lock passes on).
    void stop();
    bool isLeader() const { return m_leader.load(); }

private:
    void run();

    std::string m_url;
    RelayOptions m_options;
    std::atomic_bool m_stop = false;
    std::atomic_bool m_leader = false;
    std::thread m_thread;
};

} // namespace boxoffice::server::outbox
