// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>

#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace boxoffice::test {

/// CLOCK_MONOTONIC in nanoseconds: the one clock the fan-out bench compares.
qint64 monotonicNs();

/// Many minimal WebSocket clients for load benchmarks: plain non-blocking sockets, one epoll
/// loop per thread, no Qt objects per client. Each thread stamps a frame with the clock right
/// after the recv() that completed it, and keeps only what the bench needs: the `seatmap.delta`
/// frames' first changed seat id and that time. A QWebSocket costs far more CPU per message than
/// the server spends sending it, so thousands of them in one process measure the client.
class WsLoadClients
{
public:
    /// A delta frame as received: first seat id in `changes` (when its status is "held").
    struct Receipt
    {
        std::string seat;
        qint64 atNs = 0;
    };

    /// `sourceAddresses` > 1: the connections take turns binding to 127.0.0.1, 127.0.0.2, …
    /// (all of 127/8 is loopback on Linux), each address with its own ~28,000 ephemeral ports.
    WsLoadClients(quint16 port, QByteArray token, int threads, int sourceAddresses = 1);
    ~WsLoadClients();
    WsLoadClients(const WsLoadClients &) = delete;
    WsLoadClients &operator=(const WsLoadClients &) = delete;

    /// Opens `count` connections (spread over the threads) and sends each `request` (a text
    /// frame); returns how many completed the upgrade. Upgrades go a batch at a time (a
    /// batch's handshakes are all written before the first answer is read).
    int open(int count, const QByteArray &request);
    /// Replies with `{"id":1,...}` received so far (one per client once subscribed).
    int replies() const { return m_replies.load(); }
    /// Delta frames (any) and snapshots after the first one per connection (a congested server
    /// drops deltas and sends a snapshot once the client reads again) received so far.
    qint64 deltas() const { return m_deltas.load(); }
    /// Connections that received their first snapshot.
    int snapshots() const { return m_snapshots.load(); }
    qint64 resnapshots() const { return m_resnapshots.load(); }
    /// Delta receipts so far, all threads (only when every thread is paused: call stop() first
    /// or read after the expected count was reached).
    size_t receiptCount() const { return size_t(m_receiptCount.load()); }
    /// Stops the threads and returns every receipt.
    std::vector<Receipt> stop();

private:
    struct Connection;
    struct Worker;
    void run(Worker &worker);

    quint16 m_port;
    QByteArray m_token;
    int m_sourceAddresses;
    std::vector<std::unique_ptr<Worker>> m_workers;
    std::atomic_int m_replies = 0;
    std::atomic<qint64> m_receiptCount = 0;
    std::atomic<qint64> m_deltas = 0;
    std::atomic<qint64> m_resnapshots = 0;
    std::atomic_int m_snapshots = 0;
    std::atomic_bool m_stop = false;
};

} // namespace boxoffice::test
