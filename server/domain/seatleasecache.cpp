#include "seatleasecache.h"

namespace boxoffice::server::domain {

QStringList SeatLeaseCache::taken(const QString &eventId, const QStringList &seats)
{
    QStringList out;
    QMutexLocker locker(&m_mutex);
    for (const QString &seat : seats) {
        const auto it = m_until.constFind(key(eventId, seat));
        if (it != m_until.constEnd() && !it->hasExpired())
            out.append(seat);
    }
    return out;
}

void SeatLeaseCache::mark(const QString &eventId, const QStringList &seats, qint64 forMs)
{
    if (forMs <= 0)
        return;
    const QDeadlineTimer until(std::min<qint64>(forMs, m_maxAgeMs));
    QMutexLocker locker(&m_mutex);
    if (m_until.size() > 200000) // old entries are useless; drop them all rather than scan
        m_until.clear();
    for (const QString &seat : seats)
        m_until.insert(key(eventId, seat), until);
}

void SeatLeaseCache::forget(const QString &eventId, const QStringList &seats)
{
    QMutexLocker locker(&m_mutex);
    for (const QString &seat : seats)
        m_until.remove(key(eventId, seat));
}

} // namespace boxoffice::server::domain
