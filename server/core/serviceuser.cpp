// SPDX-License-Identifier: GPL-3.0-or-later
#include "serviceuser.h"

#include <QProcess>

#include <unistd.h>

namespace boxoffice::server::embedded {

namespace {

/// Runs a short command; empty on success, else its output (or why it did not run).
QString runBriefly(const QString &program, const QStringList &arguments)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(program, arguments);
    if (!process.waitForFinished(30000))
        return QStringLiteral("%1 did not finish: %2").arg(program, process.errorString());
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        const QString output = QString::fromLocal8Bit(process.readAll()).trimmed();
        return output.isEmpty() ? QStringLiteral("%1 failed").arg(program) : output;
    }
    return {};
}

} // namespace

bool ServiceUser::needed()
{
    return ::geteuid() == 0;
}

QString ServiceUser::name()
{
    return QStringLiteral("boxoffice");
}

QString ServiceUser::prepare(const QString &dir)
{
    if (!needed())
        return {};
    if (!runBriefly(QStringLiteral("id"), {name()}).isEmpty()) {
        const QString failure = runBriefly(QStringLiteral("useradd"),
                                           {QStringLiteral("--system"),
                                            QStringLiteral("--no-create-home"),
                                            QStringLiteral("--shell"),
                                            QStringLiteral("/usr/sbin/nologin"),
                                            name()});
        if (!failure.isEmpty())
            return QStringLiteral("cannot create the user %1: %2").arg(name(), failure);
    }
    const QString failure = runBriefly(QStringLiteral("chown"), {QStringLiteral("-R"), name(), dir});
    if (!failure.isEmpty())
        return QStringLiteral("cannot give %1 to the user %2: %3").arg(dir, name(), failure);
    const QStringList reachable{QStringLiteral("-u"),
                                name(),
                                QStringLiteral("--"),
                                QStringLiteral("test"),
                                QStringLiteral("-w"),
                                dir,
                                QStringLiteral("-a"),
                                QStringLiteral("-x"),
                                dir};
    if (!runBriefly(QStringLiteral("runuser"), reachable).isEmpty())
        return QStringLiteral("%1 is out of reach of the user %2, which runs the embedded "
                              "PostgreSQL and Redis because the server runs as root (a parent "
                              "directory is private); choose a --data-dir it can reach")
            .arg(dir, name());
    return {};
}

void ServiceUser::start(QProcess &process, const QString &program, const QStringList &arguments)
{
    if (needed())
        process.start(QStringLiteral("runuser"),
                      QStringList{QStringLiteral("-u"), name(), QStringLiteral("--"), program}
                          + arguments);
    else
        process.start(program, arguments);
}

} // namespace boxoffice::server::embedded
