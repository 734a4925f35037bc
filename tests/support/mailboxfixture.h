// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDir>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace boxoffice::test {

/// A real SMTP server (tests/support/mailbox.py on Debian's python3-aiosmtpd) on a free port,
/// keeping what it receives in a folder; it can be stopped and started again on the same port.
class Mailbox
{
public:
    Mailbox()
    {
        QTcpServer probe;
        if (probe.listen(QHostAddress::LocalHost, 0))
            m_port = probe.serverPort();
    }
    ~Mailbox() { stop(); }

    /// `options`: mailbox.py's TLS and AUTH switches (--tls-cert, --smtps, --auth, ...).
    bool start(double delayAfterData = 0, const QStringList &options = {})
    {
        stop();
        m_process = std::make_unique<QProcess>();
        m_process->setProcessChannelMode(QProcess::MergedChannels);
        const QStringList arguments = QStringList{QStringLiteral(BOXOFFICE_MAILBOX_SCRIPT),
                                                  QStringLiteral("--port"),
                                                  QString::number(m_port),
                                                  QStringLiteral("--dir"),
                                                  m_dir.path(),
                                                  QStringLiteral("--delay-after-data"),
                                                  QString::number(delayAfterData)}
                                      + options;
        m_process->start(QStringLiteral("/usr/bin/python3"), arguments);
        if (!m_process->waitForStarted(5000))
            return false;
        m_output.clear(); // output() is this run's
        QElapsedTimer timer;
        timer.start();
        while (timer.elapsed() < 10000) {
            m_process->waitForReadyRead(100);
            m_output += m_process->readAll();
            if (m_output.contains("listening on"))
                return true;
            if (m_process->state() != QProcess::Running)
                return false;
        }
        return false;
    }
    void stop()
    {
        if (!m_process)
            return;
        m_process->kill();
        m_process->waitForFinished(5000);
        m_process.reset();
    }

    QString url() const { return QStringLiteral("smtp://127.0.0.1:%1").arg(m_port); }
    quint16 port() const { return m_port; }
    QString folder() const { return m_dir.path(); }
    /// What the mailbox printed since it was last started.
    QByteArray output()
    {
        if (m_process)
            m_output += m_process->readAll();
        return m_output;
    }
    /// Waits up to `timeoutMs` for `text` in output().
    bool waitForOutput(const QByteArray &text, int timeoutMs = 5000)
    {
        QElapsedTimer timer;
        timer.start();
        while (!output().contains(text) && timer.elapsed() < timeoutMs && m_process)
            m_process->waitForReadyRead(100);
        return output().contains(text);
    }

    /// The decoded messages received so far, oldest first.
    QList<QJsonObject> messages() const
    {
        QList<QJsonObject> out;
        const QDir dir(m_dir.path());
        QStringList names = dir.entryList({QStringLiteral("*.json")}, QDir::Files);
        std::sort(names.begin(), names.end(), [](const QString &a, const QString &b) {
            return a.section(u'.', 0, 0).toInt() < b.section(u'.', 0, 0).toInt();
        });
        for (const QString &name : names) {
            QFile file(dir.filePath(name));
            if (file.open(QIODevice::ReadOnly))
                out.append(QJsonDocument::fromJson(file.readAll()).object());
        }
        return out;
    }
    /// Messages for `recipient`, waiting up to `timeoutMs` until there are at least `count`.
    QList<QJsonObject> waitFor(const QString &recipient, int count, int timeoutMs = 15000) const
    {
        QElapsedTimer timer;
        timer.start();
        QList<QJsonObject> mine;
        do {
            mine.clear();
            for (const QJsonObject &m : messages()) {
                if (m.value(u"to").toString().contains(recipient, Qt::CaseInsensitive))
                    mine.append(m);
            }
            if (mine.size() >= count)
                break;
            QTest::qWait(100);
        } while (timer.elapsed() < timeoutMs);
        return mine;
    }

private:
    QTemporaryDir m_dir;
    std::unique_ptr<QProcess> m_process;
    QByteArray m_output;
    quint16 m_port = 0;
};

} // namespace boxoffice::test
