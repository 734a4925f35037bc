// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QProcess>
#include <QString>

#include <memory>

namespace boxoffice::server::redis {

/// A private redis-server under `<dataDir>/redis` on a free loopback port, with append-only
/// persistence so queue places survive a restart; stopped (SHUTDOWN, which syncs the file) by
/// stop() or the destructor. As root it runs as the unprivileged system user `boxoffice`, like
/// the embedded PostgreSQL.
class EmbeddedRedis
{
public:
    explicit EmbeddedRedis(QString dataDir, QString binary = QStringLiteral("redis-server"));
    ~EmbeddedRedis();
    EmbeddedRedis(const EmbeddedRedis &) = delete;
    EmbeddedRedis &operator=(const EmbeddedRedis &) = delete;

    /// Starts redis-server and waits until it answers; false with error() on failure.
    bool start();
    void stop();
    /// redis://127.0.0.1:PORT once started.
    QString url() const { return m_url; }
    QString error() const { return m_error; }

private:
    void shutdownLeftover();

    QString m_dir;
    QString m_binary;
    QString m_url;
    QString m_error;
    std::unique_ptr<QProcess> m_process;
};

} // namespace boxoffice::server::redis
