// SPDX-License-Identifier: GPL-3.0-or-later
#include "wshub.h"

#include "clientsession.h"
#include "wsshard.h"

#include <QPointer>
#include <QTcpSocket>
#include <QThread>
#include <QWebSocket>

#include <algorithm>

namespace boxoffice::server::ws {

WsHub::WsHub(const WsServices &services, SeatmapFeed &feed, WsOptions options, QObject *parent)
    : QObject(parent)
    , m_services(services)
    , m_options(options)
    , m_watchers(m_options.watchersPerAddress)
{
    const int count = m_options.shards > 0 ? m_options.shards
                                           : std::max(1, QThread::idealThreadCount());
    for (int i = 0; i < count; ++i) {
        Shard shard;
        shard.thread = std::make_unique<QThread>();
        shard.thread->setObjectName(QStringLiteral("ws-shard-%1").arg(i));
        shard.shard = std::make_unique<WsShard>(services, m_options, m_connections);
        shard.shard->moveToThread(shard.thread.get());
        shard.thread->start();
        m_shards.push_back(std::move(shard));
    }
    connect(&feed, &SeatmapFeed::delta, this, &WsHub::onDelta);
    connect(&feed, &SeatmapFeed::orderChanged, this, &WsHub::onOrderChanged);
}

WsHub::~WsHub()
{
    m_local.reset();
    for (Shard &shard : m_shards) {
        // Sessions and the tick timer belong to the shard's thread: they go there.
        QMetaObject::invokeMethod(
            shard.shard.get(),
            [s = shard.shard.get()] { s->teardown(); },
            Qt::BlockingQueuedConnection);
        shard.thread->quit();
        shard.thread->wait();
        shard.shard.reset(); // its thread is finished: nothing of it runs any more
    }
}

void WsHub::accept(QWebSocket *socket)
{
    socket->setParent(nullptr);
    if (!socket->findChild<QTcpSocket *>(QString(), Qt::FindDirectChildrenOnly)) {
        // Its transport is not its child (see ApiServer::adoptTransport), so the pair cannot
        // move: served on this thread instead.
        if (!m_local) {
            qWarning("WebSocket transport not found: serving such connections on the main thread");
            m_local = std::make_unique<WsShard>(m_services, m_options, m_connections);
        }
        m_local->adopt(
            new ClientSession(socket, m_services, *m_local, m_options, m_watchers, nullptr));
        return;
    }
    // The least loaded shard (connections come and go unevenly).
    const Shard *target = &m_shards.front();
    for (const Shard &shard : m_shards) {
        if (shard.shard->sessionCount() < target->shard->sessionCount())
            target = &shard;
    }
    // The session makes its connections here, so no frame can go unheard; the session and its
    // socket (with its transport) move on the next pass of this thread's loop, once Qt's upgrade
    // code is done with the socket (it still reads it after handing it over).
    WsShard *shard = target->shard.get();
    QThread *thread = target->thread.get();
    QPointer<ClientSession> session
        = new ClientSession(socket, m_services, *shard, m_options, m_watchers, nullptr);
    QMetaObject::invokeMethod(
        this,
        [session, shard, thread] {
            if (!session)
                return;
            session->moveToThread(thread);
            QMetaObject::invokeMethod(shard, [session, shard] {
                if (session) // it may have been deleted there already
                    shard->adopt(session);
            });
        },
        Qt::QueuedConnection);
}

void WsHub::closeAll()
{
    if (m_local)
        m_local->closeAll();
    for (Shard &shard : m_shards)
        QMetaObject::invokeMethod(
            shard.shard.get(),
            [s = shard.shard.get()] { s->closeAll(); },
            Qt::BlockingQueuedConnection);
}

void WsHub::onDelta(const DeltaFrame &frame)
{
    // Formatted once for every shard and subscriber; the frame's data is shared, read-only.
    DeltaFrame shared = frame;
    shared.wire = encodeTextFrame(frame.text.toUtf8());
    const int consumers = int(m_shards.size()) + (m_local ? 1 : 0);
    if (consumers > 1)
        shared.fanout = std::make_shared<FanoutCount>(consumers);
    if (m_local)
        m_local->onDelta(shared);
    for (Shard &shard : m_shards)
        QMetaObject::invokeMethod(shard.shard.get(),
                                  [s = shard.shard.get(), shared] { s->onDelta(shared); });
}

void WsHub::onOrderChanged(const QString &orderId, const QString &owner)
{
    if (m_local)
        m_local->onOrderChanged(orderId, owner);
    for (Shard &shard : m_shards)
        QMetaObject::invokeMethod(shard.shard.get(), [s = shard.shard.get(), orderId, owner] {
            s->onOrderChanged(orderId, owner);
        });
}

} // namespace boxoffice::server::ws
