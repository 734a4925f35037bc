// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QStringList>
#include <QUrl>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

namespace boxoffice::server::redis {

/// Settles seat leases (SeatLeases keys) after the hold transaction without making the request
/// wait: settles are queued, and one thread with its own connection writes everything queued
/// as one pipeline (one compare-and-set script call per event), so under load many settles
/// cost one write and one read. Only leases still owned by the settle's owner are touched, so a
/// release that reached Redis first is never undone. While Redis is unreachable settles are
/// dropped (the leases lapse by their TTL; they only ever refuse, PostgreSQL decides); a new
/// link is tried at most once per backoff interval (250 ms doubling to 2 s). Thread-safe.
class LeaseSettler
{
public:
    explicit LeaseSettler(QUrl url,
                          std::chrono::milliseconds timeout = std::chrono::milliseconds(200),
                          std::chrono::milliseconds linger = std::chrono::milliseconds(20));
    /// stop().
    ~LeaseSettler();
    LeaseSettler(const LeaseSettler &) = delete;
    LeaseSettler &operator=(const LeaseSettler &) = delete;

    /// The leases of `seats` still owned by `owner` live `ttlMs` from now (the hold's time).
    void extend(const QString &eventId,
                const QStringList &seats,
                const QByteArray &owner,
                qint64 ttlMs);
    /// The leases of `seats` still owned by `owner` are deleted (the hold was refused).
    void release(const QString &eventId, const QStringList &seats, const QByteArray &owner);

    /// Waits until every settle queued before the call was written (or dropped); false after
    /// `timeout`.
    bool flush(std::chrono::milliseconds timeout = std::chrono::milliseconds(5000));
    /// Writes what is queued and ends the thread; settles queued afterwards are dropped.
    void stop();
    /// While paused, settles wait in the queue (tests: many settles in one pipeline).
    void setPaused(bool paused);

    /// Settles written to Redis, dropped (no Redis, queue full), and pipelines written.
    quint64 written() const { return m_written.load(); }
    quint64 dropped() const { return m_dropped.load(); }
    quint64 pipelines() const { return m_pipelines.load(); }

private:
    struct Settle
    {
        QString eventId;
        QStringList seats;
        QByteArray owner;
        qint64 ttlMs; // 0: delete
    };
    class Writer;

    void enqueue(Settle settle);
    void run();

    std::chrono::milliseconds m_linger;
    std::unique_ptr<Writer> m_writer; // used by the thread only
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::condition_variable m_done;
    std::deque<Settle> m_queue;
    quint64 m_queued = 0;   // settles ever queued
    quint64 m_finished = 0; // of those, written or dropped
    bool m_paused = false;
    bool m_stopping = false;
    std::atomic<quint64> m_written = 0;
    std::atomic<quint64> m_dropped = 0;
    std::atomic<quint64> m_pipelines = 0;
    std::thread m_thread;
};

} // namespace boxoffice::server::redis
