// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QMutex>
#include <QString>

namespace boxoffice::server::ws {

/// How many sockets without a token watch seat maps from each address, over all shards: one
/// address gets at most `perAddress` (a page reload or a few tabs, not a botnet's worth).
class WatcherSlots
{
public:
    explicit WatcherSlots(int perAddress)
        : m_perAddress(perAddress)
    {}

    /// A slot for one more watcher from `address`; false when it has them all.
    bool take(const QString &address)
    {
        QMutexLocker locker(&m_mutex);
        int &used = m_used[address];
        if (used >= m_perAddress) {
            if (used == 0)
                m_used.remove(address);
            return false;
        }
        ++used;
        return true;
    }
    void give(const QString &address)
    {
        QMutexLocker locker(&m_mutex);
        const auto it = m_used.find(address);
        if (it != m_used.end() && --*it <= 0)
            m_used.erase(it);
    }
    /// Watchers now (tests and metrics).
    int watching(const QString &address) const
    {
        QMutexLocker locker(&m_mutex);
        return m_used.value(address);
    }

private:
    const int m_perAddress;
    mutable QMutex m_mutex;
    QHash<QString, int> m_used;
};

} // namespace boxoffice::server::ws
