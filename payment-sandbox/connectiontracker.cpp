#include "connectiontracker.h"

namespace boxoffice::sandbox {

void ConnectionTracker::incomingConnection(qintptr handle)
{
    auto *socket = new QTcpSocket(this); // parent-owned; QHttpServer deletes it on disconnect
    if (!socket->setSocketDescriptor(handle)) {
        socket->deleteLater();
        return;
    }
    // Connected before QHttpServer connects its own handler, so this runs first for every read.
    connect(socket, &QTcpSocket::readyRead, this, [this, socket] { m_current = socket; });
    addPendingConnection(socket);
}

} // namespace boxoffice::sandbox
