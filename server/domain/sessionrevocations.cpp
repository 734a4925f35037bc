// SPDX-License-Identifier: GPL-3.0-or-later
#include "sessionrevocations.h"

#include "db/database.h"
#include "db/userrepository.h"

namespace boxoffice::server::domain {

SessionRevocations::SessionRevocations(db::Database &database)
    : m_database(database)
{}

bool SessionRevocations::revoked(const QString &subject, int tokenVersion) const
{
    QReadLocker locker(&m_lock);
    const auto it = m_versions.constFind(subject);
    return it != m_versions.constEnd() && tokenVersion < *it;
}

void SessionRevocations::note(const QString &subject, int version)
{
    QWriteLocker locker(&m_lock);
    int &known = m_versions[subject];
    known = qMax(known, version);
}

void SessionRevocations::refresh()
{
    QList<db::SessionReset> resets;
    qint64 nowMs = m_sinceMs;
    m_database.transact([&](db::Tx &tx) {
        resets = db::UserRepository::sessionResetsSince(tx, m_sinceMs, &nowMs);
        db::UserRepository::forgetEndedSessions(tx);
    });
    for (const db::SessionReset &reset : std::as_const(resets))
        note(reset.username, reset.sessionVersion);
    QWriteLocker locker(&m_lock);
    m_sinceMs = nowMs;
}

} // namespace boxoffice::server::domain
