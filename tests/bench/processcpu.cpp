// SPDX-License-Identifier: GPL-3.0-or-later
#include "processcpu.h"

#include <QDir>
#include <QFile>
#include <QTcpSocket>
#include <QUrl>

#include <pqxx/pqxx>

#include <unistd.h>

namespace boxoffice::test {

namespace {

// The fields of /proc/<pid>/stat after the command name (which may hold spaces): field 4 of
// the whole line (ppid) is [1] here, utime 14 is [11], stime [12], cutime [13], cstime [14].
QList<QByteArray> statFields(qint64 pid)
{
    QFile file(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray text = file.readAll();
    return text.mid(text.lastIndexOf(')') + 2).split(' ');
}

double ticks(const QList<QByteArray> &fields, bool reaped)
{
    if (fields.size() < 15)
        return 0;
    double sum = double(fields[11].toLongLong() + fields[12].toLongLong());
    if (reaped)
        sum += double(fields[13].toLongLong() + fields[14].toLongLong());
    return sum / double(sysconf(_SC_CLK_TCK));
}

} // namespace

double processCpuSeconds(qint64 pid, bool reaped)
{
    return ticks(statFields(pid), reaped);
}

double clusterCpuSeconds(qint64 postmasterPid)
{
    if (postmasterPid <= 0)
        return 0;
    double sum = processCpuSeconds(postmasterPid, true);
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs);
    for (const QString &entry : entries) {
        bool number = false;
        const qint64 pid = entry.toLongLong(&number);
        if (!number || pid == postmasterPid)
            continue;
        const QList<QByteArray> fields = statFields(pid);
        if (fields.size() > 1 && fields[1].toLongLong() == postmasterPid)
            sum += ticks(fields, false);
    }
    return sum;
}

qint64 postmasterPid(const std::string &url)
{
    try {
        pqxx::connection connection(url);
        pqxx::nontransaction work(connection);
        const std::string directory = work.exec1("SHOW data_directory")[0].as<std::string>();
        QFile file(QString::fromStdString(directory) + QStringLiteral("/postmaster.pid"));
        if (!file.open(QIODevice::ReadOnly))
            return 0;
        return file.readLine().trimmed().toLongLong();
    } catch (const std::exception &) {
        return 0;
    }
}

qint64 redisPid(const QByteArray &url)
{
    const QUrl parsed(QString::fromUtf8(url));
    QTcpSocket socket;
    socket.connectToHost(parsed.host(), quint16(parsed.port(6379)));
    if (!socket.waitForConnected(2000))
        return 0;
    if (!parsed.password().isEmpty())
        socket.write("AUTH " + parsed.password().toUtf8() + "\r\n");
    socket.write("INFO server\r\n");
    QByteArray reply;
    // Until the process_id line is complete.
    while (!reply.contains("process_id:") || reply.indexOf('\r', reply.indexOf("process_id:")) < 0) {
        if (!socket.waitForReadyRead(2000))
            return 0;
        reply += socket.readAll();
    }
    const qsizetype at = reply.indexOf("process_id:") + 11;
    return reply.mid(at, reply.indexOf('\r', at) - at).toLongLong();
}

} // namespace boxoffice::test
