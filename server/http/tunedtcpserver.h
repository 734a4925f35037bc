#pragma once

#include <QTcpServer>

namespace boxoffice::server::http {

/// A QTcpServer that caps the kernel send buffer of accepted sockets, so that what a slow
/// client can pin in server memory is that cap plus the WebSocket queue bound (loopback and
/// fast links otherwise autotune send buffers to megabytes).
class TunedTcpServer : public QTcpServer
{
public:
    explicit TunedTcpServer(int sendBufferBytes)
        : m_sendBufferBytes(sendBufferBytes)
    {}

protected:
    void incomingConnection(qintptr handle) override;

private:
    int m_sendBufferBytes;
};

} // namespace boxoffice::server::http
