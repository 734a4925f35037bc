// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QUrl>

#include <memory>

namespace boxoffice::test {

/// A loopback HTTP/1.1 responder for client tests: answers each request with the next canned response and records the raw requests.
class Responder : public QObject
{
public:
    QList<QByteArray> requests;
    QList<QByteArray> responses;

    explicit Responder(QObject *parent = nullptr)
        : QObject(parent)
    {
        if (!m_server.listen(QHostAddress::LocalHost))
            qFatal("cannot listen on loopback: %s", qPrintable(m_server.errorString()));
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                auto buffer = std::make_shared<QByteArray>();
                connect(socket, &QTcpSocket::readyRead, socket, [this, socket, buffer] {
                    buffer->append(socket->readAll());
                    const qsizetype end = buffer->indexOf("\r\n\r\n");
                    if (end < 0)
                        return;
                    const QByteArray head = buffer->left(end).toLower();
                    qsizetype length = 0;
                    const qsizetype at = head.indexOf("content-length:");
                    if (at >= 0)
                        length = head.mid(at + 15, head.indexOf('\r', at) - at - 15)
                                     .trimmed()
                                     .toLongLong();
                    if (buffer->size() < end + 4 + length)
                        return;
                    requests.append(*buffer);
                    buffer->clear();
                    socket->write(responses.isEmpty() ? QByteArray("HTTP/1.1 500 X\r\n\r\n")
                                                      : responses.takeFirst());
                    socket->disconnectFromHost();
                });
            }
        });
    }
    QUrl url() const
    {
        return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort()));
    }

    static QByteArray json(int status, const QByteArray &body, const QByteArray &extra = {})
    {
        return "HTTP/1.1 " + QByteArray::number(status) + " X\r\nContent-Type: application/json\r\n"
               + extra + "Content-Length: " + QByteArray::number(body.size())
               + "\r\nConnection: close\r\n\r\n" + body;
    }

private:
    QTcpServer m_server;
};

} // namespace boxoffice::test
