// SPDX-License-Identifier: GPL-3.0-or-later
#include "sendqueue.h"

#include "api/outboundlimit.h"
#include "metrics/registry.h"

#include <QSslSocket>
#include <QTcpSocket>
#include <QWebSocket>

#include <sys/socket.h>

#include <atomic>

namespace boxoffice::server::ws {

namespace {

std::atomic<qint64> g_queuedTotal = 0;

} // namespace

SendQueue::SendQueue(QWebSocket *socket, qint64 softBound, std::function<void()> congested)
    : m_socket(socket)
    , m_softBound(softBound)
    , m_congestedCallback(std::move(congested))
{
    // Qt makes the upgraded TCP socket the QWebSocket's child, and QWebSocket writes each frame
    // to it at once (no buffer of its own), so a ready-made frame can go there directly.
    m_tcp = socket->findChild<QTcpSocket *>(QString(), Qt::FindDirectChildrenOnly);
    // Not through TLS: there the bytes must go through the encrypting socket.
    m_direct = m_tcp && !qobject_cast<QSslSocket *>(m_tcp) && m_tcp->socketDescriptor() >= 0;
}

SendQueue::~SendQueue()
{
    setQueued(0);
}

bool SendQueue::overBound(qint64 bytes)
{
    if (!m_congested && m_queued + bytes <= m_softBound)
        return false;
    if (!m_congested) {
        // Drop the backlog: nothing more is queued for this client; once it drains, each
        // subscription gets a fresh snapshot instead of every delta it missed.
        m_congested = true;
        m_congestedCallback();
        metrics::Registry::instance()
            .counter(QStringLiteral("boxoffice_ws_backlog_dropped_total"), {})
            .add();
    }
    return true;
}

bool SendQueue::send(const QString &text, bool droppable)
{
    if (droppable && overBound(text.size()))
        return false;
    // Frames that cannot be dropped (replies, snapshots) are bounded too: a client that asks
    // and asks without reading (subscribe in a loop) is cut off, not buffered without end.
    if (m_queued + text.size() > api::maxOutboundBytes()) {
        if (m_socket->state() == QAbstractSocket::ConnectedState) {
            api::countSlowConsumer("ws");
            m_closing = true;
            m_socket->abort();
        }
        return false;
    }
    if (!m_direct) {
        setQueued(m_queued + m_socket->sendTextMessage(text));
        return true;
    }
    if (m_closing || m_socket->state() != QAbstractSocket::ConnectedState)
        return true; // nothing may follow a close frame; the session goes soon
    setQueued(m_queued + write(encodeTextFrame(text.toUtf8())));
    return true;
}

bool SendQueue::sendDelta(const DeltaFrame &frame)
{
    if (!m_tcp || frame.wire.isEmpty())
        return send(frame.text, true);
    if (overBound(frame.wire.size()))
        return false;
    if (m_closing || m_socket->state() != QAbstractSocket::ConnectedState)
        return true; // nothing may follow a close frame; the session goes soon
    setQueued(m_queued + write(frame.wire));
    return true;
}

void SendQueue::ping()
{
    if (!m_direct) {
        m_socket->ping();
        return;
    }
    if (m_closing || m_socket->state() != QAbstractSocket::ConnectedState)
        return;
    static const QByteArray frame("\x89\x00", 2); // FIN + ping, no payload (servers do not mask)
    setQueued(m_queued + write(frame));
}

qint64 SendQueue::write(const QByteArray &frame)
{
    // Qt's socket keeps its write buffer's block (32 KiB) once it was used, resident as far as
    // the largest frame it ever held: most of what an idle watcher cost after its snapshot. So
    // while Qt holds nothing for this socket, the frame goes to the kernel here, and Qt gets
    // only what the kernel's (capped) send buffer did not take, behind which all else queues.
    qint64 sent = 0;
    if (m_direct && m_tcp->bytesToWrite() == 0) {
        // Qt takes a frame this large by reference in place of its block, and drops it once
        // written if it is still shared then: one such frame (the snapshot, usually) through
        // Qt frees the block the upgrade's answer left (kept with the frame until written()).
        static constexpr qsizetype kTakenByReference = 4096; // QRINGBUFFER_CHUNKSIZE
        if (m_qtBlock && m_pinned.isEmpty() && frame.size() >= kTakenByReference) {
            m_pinned = frame;
            m_qtBlock = false;
            return std::max<qint64>(0, m_tcp->write(m_pinned));
        }
        const ssize_t n = ::send(int(m_tcp->socketDescriptor()),
                                 frame.constData(),
                                 size_t(frame.size()),
                                 MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n == frame.size())
            return 0;
        if (n > 0)
            sent = n;
        // Any other error: Qt's own write finds it and closes the socket as it always did.
    }
    m_qtBlock = true; // Qt makes (or keeps) a block for what it takes now
    const QByteArray rest = sent > 0 ? frame.sliced(sent) : frame;
    return std::max<qint64>(0, m_tcp->write(rest));
}

bool SendQueue::written(qint64 bytes)
{
    if (!m_pinned.isEmpty() && m_tcp->bytesToWrite() == 0)
        m_pinned.clear(); // Qt has let go of it (and of its block)
    setQueued(std::max<qint64>(0, m_queued - bytes));
    if (!m_congested || m_queued > m_softBound / 4)
        return false;
    m_congested = false;
    return true;
}

void SendQueue::setQueued(qint64 queued)
{
    // Looked up once: this runs for every frame sent and written.
    static metrics::Gauge &queuedGauge
        = metrics::Registry::instance().gauge(QStringLiteral("boxoffice_ws_queued_bytes"), {});
    static metrics::Gauge &peak = metrics::Registry::instance()
                                      .gauge(QStringLiteral("boxoffice_ws_max_queued_bytes"), {});
    const qint64 total = g_queuedTotal.fetch_add(queued - m_queued) + (queued - m_queued);
    m_queued = queued;
    queuedGauge.set(double(total));
    if (double(queued) > peak.value())
        peak.set(double(queued));
}

} // namespace boxoffice::server::ws
