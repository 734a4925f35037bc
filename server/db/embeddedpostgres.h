// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace boxoffice::server::db {

/// A private PostgreSQL 15 cluster under `<dataDir>/pg`, like an embedded database: initialised
/// on first use, started on a free loopback port, stopped by stop() or the destructor. As root it
/// runs as the unprivileged system user `boxoffice` (PostgreSQL refuses root).
class EmbeddedPostgres
{
public:
    explicit EmbeddedPostgres(QString dataDir,
                              QString binDir = QStringLiteral("/usr/lib/postgresql/15/bin"));
    ~EmbeddedPostgres();
    EmbeddedPostgres(const EmbeddedPostgres &) = delete;
    EmbeddedPostgres &operator=(const EmbeddedPostgres &) = delete;

    /// Initialises (if needed) and starts the cluster; false with error() on failure.
    bool start();
    void stop();
    /// postgresql://boxoffice@127.0.0.1:PORT/postgres once started.
    QString url() const { return m_url; }
    QString error() const { return m_error; }

private:
    bool run(const QString &program, const QStringList &arguments, int timeoutMs = 120000);
    bool prepareOwner();

    QString m_dataDir;
    QString m_binDir;
    QString m_url;
    QString m_error;
    bool m_running = false;
};

} // namespace boxoffice::server::db
