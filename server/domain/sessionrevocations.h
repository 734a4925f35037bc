// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QReadWriteLock>
#include <QString>

namespace boxoffice::server::db {
class Database;
}

namespace boxoffice::server::domain {

/// Which fans' older sessions a password reset ended: a fan's access token carries its
/// account's session version (`sv`); a reset raises the version, and tokens below it are
/// refused. Fans' requests never read the database for this (the sale's hot path): this
/// server learns its own resets at once (note()) and the others' from refresh(), which a
/// periodic job runs every couple of seconds. Only accounts that were ever reset are kept.
class SessionRevocations
{
public:
    explicit SessionRevocations(db::Database &database);

    /// True when a token of `subject` with session version `tokenVersion` was revoked.
    bool revoked(const QString &subject, int tokenVersion) const;
    /// A reset this server just committed.
    void note(const QString &subject, int version);
    /// Reads the resets committed since the last look (all of them the first time). Throws
    /// when the database cannot answer.
    void refresh();

private:
    db::Database &m_database;
    mutable QReadWriteLock m_lock;
    QHash<QString, int> m_versions;
    qint64 m_sinceMs = 0;
};

} // namespace boxoffice::server::domain
