// SPDX-License-Identifier: GPL-3.0-or-later
#include "embeddedpostgres.h"

#include "core/loopbackport.h"
#include "core/serviceuser.h"

#include <QDir>
#include <QFile>
#include <QProcess>

namespace boxoffice::server::db {

EmbeddedPostgres::EmbeddedPostgres(QString dataDir, QString binDir)
    : m_dataDir(QDir(dataDir).absolutePath())
    , m_binDir(std::move(binDir))
{}

EmbeddedPostgres::~EmbeddedPostgres()
{
    stop();
}

bool EmbeddedPostgres::run(const QString &program, const QStringList &arguments, int timeoutMs)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    embedded::ServiceUser::start(process, program, arguments);
    if (!process.waitForFinished(timeoutMs) || process.exitStatus() != QProcess::NormalExit
        || process.exitCode() != 0) {
        m_error = QStringLiteral("%1 failed: %2")
                      .arg(program, QString::fromLocal8Bit(process.readAll()).trimmed());
        return false;
    }
    return true;
}

bool EmbeddedPostgres::prepareOwner()
{
    if (!QDir().mkpath(m_dataDir)) {
        m_error = QStringLiteral("cannot create %1").arg(m_dataDir);
        return false;
    }
    m_error = embedded::ServiceUser::prepare(m_dataDir);
    return m_error.isEmpty();
}

bool EmbeddedPostgres::start()
{
    if (m_running)
        return true;
    if (!prepareOwner())
        return false;
    const QString pgData = m_dataDir + QStringLiteral("/pg");
    if (!QFile::exists(pgData + QStringLiteral("/PG_VERSION"))) {
        if (!run(m_binDir + QStringLiteral("/initdb"),
                 {QStringLiteral("-D"),
                  pgData,
                  QStringLiteral("-U"),
                  embedded::ServiceUser::name(),
                  QStringLiteral("--auth=trust"),
                  QStringLiteral("-E"),
                  QStringLiteral("UTF8"),
                  QStringLiteral("--locale=C.UTF-8")}))
            return false;
    }
    // A cluster left running by a server that was killed: stop it, it listens on a port we no
    // longer know and would refuse a second postmaster.
    if (QFile::exists(pgData + QStringLiteral("/postmaster.pid"))
        && run(m_binDir + QStringLiteral("/pg_ctl"),
               {QStringLiteral("-D"), pgData, QStringLiteral("status")},
               30000))
        run(m_binDir + QStringLiteral("/pg_ctl"),
            {QStringLiteral("-D"),
             pgData,
             QStringLiteral("-m"),
             QStringLiteral("fast"),
             QStringLiteral("-w"),
             QStringLiteral("stop")});
    const quint16 port = embedded::freeLoopbackPort();
    if (port == 0) {
        m_error = QStringLiteral("no free loopback port");
        return false;
    }
    // Unix sockets stay off: the data directory's path may be longer than a socket path allows.
    const QString options = QStringLiteral(
                                "-p %1 -c listen_addresses=127.0.0.1 -c unix_socket_directories=''"
                                " -c max_connections=200")
                                .arg(port);
    if (!run(m_binDir + QStringLiteral("/pg_ctl"),
             {QStringLiteral("-D"),
              pgData,
              QStringLiteral("-l"),
              m_dataDir + QStringLiteral("/postgresql.log"),
              QStringLiteral("-w"),
              QStringLiteral("-t"),
              QStringLiteral("60"),
              QStringLiteral("-o"),
              options,
              QStringLiteral("start")}))
        return false;
    m_running = true;
    m_url = QStringLiteral("postgresql://%1@127.0.0.1:%2/postgres")
                .arg(embedded::ServiceUser::name())
                .arg(port);
    return true;
}

void EmbeddedPostgres::stop()
{
    if (!m_running)
        return;
    m_running = false;
    run(m_binDir + QStringLiteral("/pg_ctl"),
        {QStringLiteral("-D"),
         m_dataDir + QStringLiteral("/pg"),
         QStringLiteral("-m"),
         QStringLiteral("fast"),
         QStringLiteral("-w"),
         QStringLiteral("stop")});
}

} // namespace boxoffice::server::db
