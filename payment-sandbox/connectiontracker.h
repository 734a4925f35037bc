#pragma once

#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>

namespace boxoffice::sandbox {

/// The listening socket handed to QHttpServer, which also remembers the connection whose
/// request is being handled. Qt 6.4's QHttpServer writes a late (future) response to a socket
/// that may have been deleted when the client gave up; checking this pointer first avoids that.
class ConnectionTracker : public QTcpServer
{
    Q_OBJECT

public:
    using QTcpServer::QTcpServer;

    /// The connection that delivered the request now being routed (valid during a handler).
    QPointer<QTcpSocket> currentConnection() const { return m_current; }

protected:
    void incomingConnection(qintptr handle) override;

private:
    QPointer<QTcpSocket> m_current;
};

} // namespace boxoffice::sandbox
