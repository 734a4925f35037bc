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

#include <atomic>
#include <memory>
#include <thread>

#include <csignal>
#include <sys/types.h>

namespace boxoffice::test {

/// A redis-server of the test's own on a free loopback port (append-only, fsync always, so a
/// SIGKILL loses nothing), for tests that kill, freeze or slow it down. `extraArgs` go to every
/// start (for example `--enable-debug-command local` for DEBUG SLEEP).
class OwnRedis
{
public:
    explicit OwnRedis(QStringList extraArgs = {})
        : m_extraArgs(std::move(extraArgs))
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
        const QStringList args{QStringLiteral("--port"),
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
                               QString()};
        m_process->start(QStringLiteral("redis-server"), args + m_extraArgs);
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

    /// SIGSTOP: the kernel still accepts connections, nothing answers (a frozen Redis).
    void freeze()
    {
        if (m_process)
            ::kill(pid_t(m_process->processId()), SIGSTOP);
    }

    /// SIGCONT after freeze().
    void thaw()
    {
        if (m_process)
            ::kill(pid_t(m_process->processId()), SIGCONT);
    }

private:
    QStringList m_extraArgs;
    QTemporaryDir m_dir;
    quint16 m_port = 0;
    std::unique_ptr<QProcess> m_process;
};

/// Redis busy for a while, as after a slow fsync or a long script: DEBUG SLEEP sent from a
/// connection and a thread of its own (the Redis needs `--enable-debug-command local`), so every
/// other client's answer waits meanwhile. The constructor returns once Redis is asleep (a PING
/// from yet another connection goes unanswered for 50 ms), or after 2 s if it never is.
class RedisStall
{
public:
    RedisStall(const QString &url, double seconds)
        : m_thread([this, url, seconds] {
            server::redis::RedisClient client;
            if (!client.connect(QUrl(url), std::chrono::milliseconds(int(seconds * 1000) + 5000)))
                return;
            const auto reply = client.command({QByteArrayLiteral("DEBUG"),
                                               QByteArrayLiteral("SLEEP"),
                                               QByteArray::number(seconds)});
            m_slept = reply && !reply->isError();
        })
    {
        QDeadlineTimer deadline(2000);
        while (!deadline.hasExpired()) {
            server::redis::RedisClient probe;
            if (probe.connect(QUrl(url), std::chrono::milliseconds(500))) {
                probe.setReadTimeout(std::chrono::milliseconds(50));
                if (!probe.command({QByteArrayLiteral("PING")}) && probe.timedOut())
                    return;
            }
            QThread::msleep(5);
        }
    }
    ~RedisStall() { wait(); }
    RedisStall(const RedisStall &) = delete;
    RedisStall &operator=(const RedisStall &) = delete;

    /// Waits for Redis to wake up; whether it really slept.
    bool wait()
    {
        if (m_thread.joinable())
            m_thread.join();
        return m_slept;
    }

private:
    std::atomic_bool m_slept = false;
    std::thread m_thread;
};

} // namespace boxoffice::test
