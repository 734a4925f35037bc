#pragma once

#include <QTcpServer>

#include <functional>

namespace boxoffice::server::http {

/// A QTcpServer that caps the kernel send buffer of accepted sockets, so that what a slow
/// client can pin in server memory is that cap plus the WebSocket queue bound (loopback and
/// fast links otherwise autotune send buffers to megabytes). It can also show each accepted
/// socket to a callback before the HTTP server takes it.
class CappedSendTcpServer : public QTcpServer
{
public:
    explicit CappedSendTcpServer(int sendBufferBytes)
        : m_sendBufferBytes(sendBufferBytes)
    {}

    /// Called with each socket as the HTTP server takes it, before it connects to it.
    void setOnConnection(std::function<void(QTcpSocket *)> onConnection)
    {
        m_onConnection = std::move(onConnection);
    }
    QTcpSocket *nextPendingConnection() override;

protected:
    void incomingConnection(qintptr handle) override;

private:
    int m_sendBufferBytes;
    std::function<void(QTcpSocket *)> m_onConnection;
};

} // namespace boxoffice::server::http
