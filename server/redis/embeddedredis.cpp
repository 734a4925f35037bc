// SPDX-License-Identifier: GPL-3.0-or-later
#include "embeddedredis.h"

#include "redisclient.h"

#include "core/loopbackport.h"
#include "core/serviceuser.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QThread>

namespace boxoffice::server::redis {

namespace {

void shutdownAt(const QString &url)
{
    RedisClient client;
    if (client.connect(QUrl(url), std::chrono::milliseconds(300)))
        client.command({QByteArrayLiteral("SHUTDOWN")});
}

} // namespace

EmbeddedRedis::EmbeddedRedis(QString dataDir, QString binary)
    : m_dir(QDir(dataDir).absoluteFilePath(QStringLiteral("redis")))
    , m_binary(std::move(binary))
{}

EmbeddedRedis::~EmbeddedRedis()
{
    stop();
}

void EmbeddedRedis::shutdownLeftover()
{
    // A server killed without goodbye leaves its redis-server running on the port it wrote down.
    QFile portFile(m_dir + QStringLiteral("/port"));
    if (portFile.open(QIODevice::ReadOnly))
        shutdownAt(QStringLiteral("redis://127.0.0.1:%1")
                       .arg(QString::fromLatin1(portFile.readAll()).trimmed()));
}

bool EmbeddedRedis::start()
{
    if (m_process)
        return true;
    if (!QDir().mkpath(m_dir)) {
        m_error = QStringLiteral("cannot create %1").arg(m_dir);
        return false;
    }
    shutdownLeftover();
    m_error = embedded::ServiceUser::prepare(m_dir);
    if (!m_error.isEmpty())
        return false;
    const quint16 port = embedded::freeLoopbackPort();
    if (port == 0) {
        m_error = QStringLiteral("no free loopback port");
        return false;
    }
    const QStringList arguments{QStringLiteral("--port"),
                                QString::number(port),
                                QStringLiteral("--bind"),
                                QStringLiteral("127.0.0.1"),
                                QStringLiteral("--dir"),
                                m_dir,
                                QStringLiteral("--appendonly"),
                                QStringLiteral("yes"),
                                QStringLiteral("--appendfsync"),
                                QStringLiteral("everysec"),
                                QStringLiteral("--save"),
                                QString(),
                                QStringLiteral("--logfile"),
                                m_dir + QStringLiteral("/redis.log")};
    m_process = std::make_unique<QProcess>();
    embedded::ServiceUser::start(*m_process, m_binary, arguments);
    if (!m_process->waitForStarted(10000)) {
        m_error = QStringLiteral("cannot run %1: %2").arg(m_binary, m_process->errorString());
        m_process.reset();
        return false;
    }
    m_url = QStringLiteral("redis://127.0.0.1:%1").arg(port);
    QDeadlineTimer deadline(30000);
    while (!deadline.hasExpired() && m_process->state() == QProcess::Running) {
        RedisClient client;
        if (client.connect(QUrl(m_url), std::chrono::milliseconds(200))) {
            auto reply = client.command({QByteArrayLiteral("PING")});
            if (reply && !reply->isError()) {
                QFile portFile(m_dir + QStringLiteral("/port"));
                if (portFile.open(QIODevice::WriteOnly | QIODevice::Truncate))
                    portFile.write(QByteArray::number(port));
                return true;
            }
        }
        QThread::msleep(50);
    }
    m_error = QStringLiteral("redis-server did not answer; see %1/redis.log").arg(m_dir);
    stop();
    return false;
}

void EmbeddedRedis::stop()
{
    if (!m_process)
        return;
    if (m_process->state() == QProcess::Running) {
        shutdownAt(m_url);
        if (!m_process->waitForFinished(10000)) {
            m_process->terminate();
            if (!m_process->waitForFinished(5000))
                m_process->kill();
        }
    }
    QFile::remove(m_dir + QStringLiteral("/port"));
    m_process.reset();
}

} // namespace boxoffice::server::redis
