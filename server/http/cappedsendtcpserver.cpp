#include "cappedsendtcpserver.h"

#include <sys/socket.h>

namespace boxoffice::server::http {

void CappedSendTcpServer::incomingConnection(qintptr handle)
{
    if (m_sendBufferBytes > 0) {
        const int size = m_sendBufferBytes;
        ::setsockopt(int(handle), SOL_SOCKET, SO_SNDBUF, &size, sizeof size);
    }
    QTcpServer::incomingConnection(handle);
}

QTcpSocket *CappedSendTcpServer::nextPendingConnection()
{
    QTcpSocket *socket = QTcpServer::nextPendingConnection();
    if (socket && m_onConnection)
        m_onConnection(socket);
    return socket;
}

} // namespace boxoffice::server::http
