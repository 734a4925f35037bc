// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QMutex>
#include <QString>
#include <QUrl>

#include <atomic>
#include <chrono>
#include <functional>
#include <optional>
#include <thread>

namespace boxoffice::server::redis {

struct SentinelAddress
{
    QString host;
    quint16 port = 0;
};

/// "host:port,host:port" -> addresses; nullopt (with `error`) on an empty list or a bad entry.
std::optional<QList<SentinelAddress>> parseSentinels(const QString &list, QString *error);

/// Finds the Redis primary named `masterName` through Redis Sentinels and follows failovers
/// (hiredis knows nothing of Sentinel). resolve() asks the Sentinels in turn and believes an
/// answer only if that Redis says it is a master (ROLE), so a stale Sentinel or a restarted old
/// primary is not taken for the primary. start() runs a thread subscribed to +switch-master on
/// one Sentinel at a time; every `pollInterval` without news it asks again, so a message missed
/// while no Sentinel was reachable is made up for.
class SentinelWatcher
{
public:
    SentinelWatcher(QList<SentinelAddress> sentinels,
                    QByteArray masterName,
                    std::chrono::milliseconds timeout = std::chrono::milliseconds(500),
                    std::chrono::milliseconds pollInterval = std::chrono::milliseconds(1000));
    ~SentinelWatcher();
    SentinelWatcher(const SentinelWatcher &) = delete;
    SentinelWatcher &operator=(const SentinelWatcher &) = delete;

    /// The primary's redis:// URL, or nullopt (with `error`) when no Sentinel names a live one.
    std::optional<QUrl> resolve(QString *error = nullptr);
    /// Starts following; `changed` runs on the watcher's thread with the new primary's URL (it
    /// must not call resolve(), which waits for it).
    void start(std::function<void(const QUrl &)> changed);
    void stop();
    /// The last primary found and handed to `changed` (empty before the first): never one
    /// that `changed` has not returned from yet.
    QUrl current() const;

private:
    void run();
    bool follow(const SentinelAddress &sentinel); // false when that Sentinel is unreachable
    void adopt(const QUrl &primary);
    std::optional<QUrl> ask(const SentinelAddress &sentinel, QString *error);
    bool isMaster(const QUrl &candidate);

    QList<SentinelAddress> m_sentinels;
    QByteArray m_name;
    std::chrono::milliseconds m_timeout;
    std::chrono::milliseconds m_pollInterval;
    std::function<void(const QUrl &)> m_changed;
    QMutex m_adopting;      // one adopt() at a time, so `changed` sees the primaries in order
    mutable QMutex m_mutex; // guards m_current (current() must not wait for `changed`)
    QUrl m_current;
    std::atomic_bool m_stop = false;
    std::thread m_thread;
};

} // namespace boxoffice::server::redis
