// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSslServer>
#include <QTcpServer>

#include <functional>

namespace boxoffice::server::http {

/// Sets SO_SNDBUF on an accepted socket (nothing for 0 or less).
void capSendBuffer(qintptr handle, int sendBufferBytes);

/// A listening server (QTcpServer, or QSslServer for TLS) that caps the kernel send buffer of
/// accepted sockets, so that what a slow client can pin in server memory is that cap plus the
/// WebSocket queue bound (loopback and fast links otherwise autotune send buffers to
/// megabytes). It can also show each accepted socket to a callback before the HTTP server
/// takes it: for TLS that is the encrypted socket after its handshake, which reads plain text,
/// so the fast-path router's head checks and ordering hold there too.
template<class Server>
class CappedSendServer : public Server
{
public:
    explicit CappedSendServer(int sendBufferBytes)
        : m_sendBufferBytes(sendBufferBytes)
    {}

    /// Called with each socket as the HTTP server takes it, before it connects to it.
    void setOnConnection(std::function<void(QTcpSocket *)> onConnection)
    {
        m_onConnection = std::move(onConnection);
    }

    QTcpSocket *nextPendingConnection() override
    {
        QTcpSocket *socket = Server::nextPendingConnection();
        if (socket && m_onConnection)
            m_onConnection(socket);
        return socket;
    }

protected:
    void incomingConnection(qintptr handle) override
    {
        capSendBuffer(handle, m_sendBufferBytes);
        Server::incomingConnection(handle);
    }

private:
    int m_sendBufferBytes;
    std::function<void(QTcpSocket *)> m_onConnection;
};

using CappedSendTcpServer = CappedSendServer<QTcpServer>;
using CappedSendSslServer = CappedSendServer<QSslServer>;

} // namespace boxoffice::server::http
