// SPDX-License-Identifier: GPL-3.0-or-later
#include "sendqueue.h"

#include "api/outboundlimit.h"
#include "metrics/registry.h"

#include <QTcpSocket>
#include <QWebSocket>

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
    setQueued(m_queued + m_socket->sendTextMessage(text));
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
    setQueued(m_queued + std::max<qint64>(0, m_tcp->write(frame.wire)));
    return true;
}

bool SendQueue::written(qint64 bytes)
{
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
