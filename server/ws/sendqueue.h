// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "seatmapfeed.h"

#include <QByteArray>
#include <QString>
#include <QtGlobal>

#include <functional>

class QTcpSocket;
class QWebSocket;

namespace boxoffice::server::ws {

/// Flow control of one WebSocket connection: what it has sent and the client has not read yet,
/// and the two bounds on it. Past `softBound` bytes the connection is congested: droppable
/// frames (seat-map deltas) are refused until it drains to a quarter of it, and the session
/// resumes its subscriptions with snapshots. Past the process's outbound limit for any frame
/// (replies and snapshots cannot be dropped) the connection is cut: a client that asks without
/// reading is never buffered without end.
class SendQueue
{
public:
    /// `congested` runs when a droppable frame is first refused (the subscriptions then need
    /// snapshots).
    SendQueue(QWebSocket *socket, qint64 softBound, std::function<void()> congested);
    ~SendQueue();
    SendQueue(const SendQueue &) = delete;
    SendQueue &operator=(const SendQueue &) = delete;

    /// Sends a text frame; false when it was refused (droppable over the bound) or cut.
    bool send(const QString &text, bool droppable);
    /// A delta: its ready-made frame written straight to the TCP socket when there is one.
    bool sendDelta(const DeltaFrame &frame);
    /// The socket wrote `bytes`; true when that ended a congestion (resume the subscriptions).
    bool written(qint64 bytes);
    /// A ping frame (the client's pong arrives as QWebSocket::pong, as for QWebSocket::ping()).
    void ping();
    /// A close frame went out: nothing may follow it.
    void closing() { m_closing = true; }
    bool isClosing() const { return m_closing; }

private:
    bool overBound(qint64 bytes);
    void setQueued(qint64 queued);
    /// Writes a whole frame; returns the bytes Qt now holds for it (counted by bytesWritten).
    qint64 write(const QByteArray &frame);

    QWebSocket *m_socket;
    QTcpSocket *m_tcp = nullptr; // m_socket's transport, if Qt made it its child
    bool m_direct = false;       // plain TCP: frames may go to the kernel past Qt's buffer
    bool m_qtBlock = true;       // Qt's write buffer may hold a block (the handshake made one)
    QByteArray m_pinned;         // a frame Qt holds by reference, kept shared until written
    qint64 m_softBound;
    std::function<void()> m_congestedCallback;
    qint64 m_queued = 0;
    bool m_congested = false;
    bool m_closing = false;
};

} // namespace boxoffice::server::ws
