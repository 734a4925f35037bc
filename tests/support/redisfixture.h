// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "redis/redisclient.h"

#include "childprocess.h"
#include <QDeadlineTimer>
#include <QDir>

#include <QProcess>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QThread>

#include <memory>

namespace boxoffice::test {

/// A redis-server of the test's own on a free loopback port (append-only, fsync always, so a
/// SIGKILL loses nothing), for tests that kill and restart it.
class OwnRedis
{
public:
    OwnRedis()
    {
        QTcpServer probe;
        probe.listen(QHostAddress::LocalHost, 0);
        m_port = probe.serverPort();
    }
    ~OwnRedis() { kill(); }

    QString url() const { return QStringLiteral("redis://127.0.0.1:%1").arg(m_port); }

    bool start()
    {
        m_process = std::make_unique<QProcess>();
        endWithTest(*m_process);
        m_process->start(QStringLiteral("redis-server"),
                         {QStringLiteral("--port"),
                          QString::number(m_port),
                          QStringLiteral("--bind"),
                          QStringLiteral("127.0.0.1"),
                          QStringLiteral("--dir"),
                          m_dir.path(),
                          QStringLiteral("--appendonly"),
                          QStringLiteral("yes"),
                          QStringLiteral("--appendfsync"),
                          QStringLiteral("always"),
                          QStringLiteral("--save"),
                          QString()});
        if (!m_process->waitForStarted(5000))
            return false;
        QDeadlineTimer deadline(10000);
        while (!deadline.hasExpired()) {
            server::redis::RedisClient client;
            if (client.connect(QUrl(url()), std::chrono::milliseconds(200))) {
                auto reply = client.command({QByteArrayLiteral("PING")});
                if (reply && !reply->isError())
                    return true;
            }
            QThread::msleep(50);
        }
        return false;
    }

    /// SIGKILL, no goodbye.
    void kill()
    {
        if (m_process && m_process->state() != QProcess::NotRunning) {
            m_process->kill();
            m_process->waitForFinished(5000);
        }
    }

private:
    QTemporaryDir m_dir;
    quint16 m_port = 0;
    std::unique_ptr<QProcess> m_process;
};

} // namespace boxoffice::test
