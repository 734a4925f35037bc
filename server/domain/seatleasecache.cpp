// SPDX-License-Identifier: GPL-3.0-or-later
#include "seatleasecache.h"

namespace boxoffice::server::domain {

QStringList SeatLeaseCache::taken(const QString &eventId,
                                  const QStringList &seats,
                                  const QString &owner)
{
    QStringList out;
    QMutexLocker locker(&m_mutex);
    for (const QString &seat : seats) {
        const auto it = m_marks.constFind(key(eventId, seat));
        if (it != m_marks.constEnd() && !it->until.hasExpired()
            && (owner.isEmpty() || it->owner != owner)) {
            out.append(seat);
        }
    }
    return out;
}

void SeatLeaseCache::mark(const QString &eventId,
                          const QStringList &seats,
                          qint64 forMs,
                          const QString &owner)
{
    if (forMs <= 0)
        return;
    const QDeadlineTimer until(std::min<qint64>(forMs, m_maxAgeMs));
    QMutexLocker locker(&m_mutex);
    if (m_marks.size() > 200000) // old entries are useless; drop them all rather than scan
        m_marks.clear();
    for (const QString &seat : seats)
        m_marks.insert(key(eventId, seat), {until, owner});
}

void SeatLeaseCache::forget(const QString &eventId, const QStringList &seats, const QString &owner)
{
    QMutexLocker locker(&m_mutex);
    for (const QString &seat : seats) {
        const auto it = m_marks.find(key(eventId, seat));
        if (it != m_marks.end() && (owner.isEmpty() || it->owner == owner))
            m_marks.erase(it);
    }
}

} // namespace boxoffice::server::domain
