// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDeadlineTimer>
#include <QHash>
#include <QMutex>
#include <QStringList>

namespace boxoffice::server::domain {

/// Seats this instance saw taken recently, to answer obvious conflicts without a database
/// round trip (1,000 buyers for 10 seats must not queue 990 losers behind PostgreSQL). A
/// projection: it only ever refuses, never grants; entries live at most `maxAgeMs` (so another
/// instance's release shows within that time) and never beyond the hold's own expiry.
class SeatLeaseCache
{
public:
    explicit SeatLeaseCache(int maxAgeMs = 2000)
        : m_maxAgeMs(maxAgeMs)
    {}

    /// The seats of `seats` known to be taken right now, except those marked for `owner`.
    QStringList taken(const QString &eventId, const QStringList &seats, const QString &owner = {});
    /// Marks seats taken (for `owner`, if given) for `forMs` (capped at the maximum age).
    void mark(const QString &eventId,
              const QStringList &seats,
              qint64 forMs,
              const QString &owner = {});
    /// Forgets seats (after a release on this instance); with `owner`, only its own marks.
    void forget(const QString &eventId, const QStringList &seats, const QString &owner = {});

private:
    static QString key(const QString &eventId, const QString &seat)
    {
        return eventId + u'/' + seat;
    }

    struct Mark
    {
        QDeadlineTimer until;
        QString owner;
    };

    int m_maxAgeMs;
    QMutex m_mutex;
    QHash<QString, Mark> m_marks;
};

} // namespace boxoffice::server::domain
