// SPDX-License-Identifier: GPL-3.0-or-later
#include "rawprinter.h"

#include <QFile>
#include <QTcpSocket>
#include <QTimer>
#include <QUrl>

namespace boxoffice::app {

namespace {
constexpr int kTimeoutMs = 8000;
constexpr int kRawPort = 9100;
} // namespace

RawPrinter::RawPrinter(QObject *parent)
    : QObject(parent)
{}

bool RawPrinter::isNetwork(const QString &target)
{
    return !target.startsWith(u'/') && !target.startsWith(QStringLiteral("file:"));
}

void RawPrinter::send(const QString &target, const QByteArray &bytes, Done done)
{
    if (target.trimmed().isEmpty()) {
        done(tr("No printer address is set (Session → Printers and drawer)."));
        return;
    }
    if (!isNetwork(target)) {
        sendToDevice(target.startsWith(QStringLiteral("file:")) ? QUrl(target).toLocalFile()
                                                                : target,
                     bytes,
                     done);
        return;
    }
    const QUrl url = QUrl::fromUserInput(
        target.startsWith(QStringLiteral("tcp://")) ? target : QStringLiteral("tcp://") + target);
    auto *socket = new QTcpSocket(this);
    auto finished = std::make_shared<bool>(false);
    auto finish = [socket, finished, done](const QString &error) {
        if (*finished)
            return;
        *finished = true;
        socket->abort();
        socket->deleteLater();
        done(error);
    };
    connect(socket, &QTcpSocket::connected, socket, [socket, bytes] { socket->write(bytes); });
    connect(socket, &QTcpSocket::bytesWritten, socket, [socket] {
        if (socket->bytesToWrite() == 0)
            socket->disconnectFromHost();
    });
    connect(socket, &QTcpSocket::disconnected, socket, [finish] { finish({}); });
    connect(socket, &QTcpSocket::errorOccurred, socket, [socket, finish](auto) {
        // A printer that closes after reading everything is fine; anything else is an error.
        if (socket->error() == QAbstractSocket::RemoteHostClosedError && socket->bytesToWrite() == 0)
            finish({});
        else
            finish(socket->errorString());
    });
    QTimer::singleShot(kTimeoutMs, socket, [finish] {
        finish(tr("The printer did not answer in time."));
    });
    socket->connectToHost(url.host(), quint16(url.port(kRawPort)));
}

void RawPrinter::sendToDevice(const QString &path, const QByteArray &bytes, const Done &done)
{
    QFile device(path);
    if (!device.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Unbuffered)) {
        done(tr("Cannot open the printer %1: %2").arg(path, device.errorString()));
        return;
    }
    const bool ok = device.write(bytes) == bytes.size();
    device.close();
    done(ok ? QString() : tr("Writing to the printer %1 failed.").arg(path));
}

} // namespace boxoffice::app
