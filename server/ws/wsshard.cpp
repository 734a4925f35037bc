// SPDX-License-Identifier: GPL-3.0-or-later
#include "wsshard.h"

#include "api/ordercodec.h"
#include "api/resultanswer.h"
#include "api/saleops.h"
#include "clientsession.h"
#include "domain/seatmapchanges.h"
#include "metrics/registry.h"

#include <QJsonDocument>
#include <QLoggingCategory>
#include <QtConcurrent>

namespace boxoffice::server::ws {

WsShard::WsShard(const WsServices &services,
                 WsOptions options,
                 std::atomic_int &connections,
                 QObject *parent)
    : QObject(parent)
    , m_services(services)
    , m_options(options)
    , m_connections(connections)
    , m_tick(new QTimer(this)) // a child: it moves to the shard's thread with it
{
    m_fanout = &metrics::Registry::instance().histogram(
        QStringLiteral("boxoffice_ws_fanout_seconds"),
        QStringLiteral("Seat-map delta fan-out on this instance: from reading the log row after"
                       " NOTIFY to handing the frame to the last subscriber's socket."),
        {},
        {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5});
    connect(m_tick, &QTimer::timeout, this, [this] {
        const auto sessions = m_sessions; // a tick may close a session (it goes later)
        for (ClientSession *session : sessions)
            session->tick();
    });
    m_tick->setInterval(std::min(m_options.pingIntervalMs, 1000));
    // Started by the first event-loop pass of the shard's thread (a timer starts on its own
    // thread).
    QMetaObject::invokeMethod(m_tick, qOverload<>(&QTimer::start), Qt::QueuedConnection);
}

WsShard::~WsShard()
{
    teardown();
}

void WsShard::teardown()
{
    m_tick->stop();
    // Sessions talk to the shard when they go: delete them while the shard is still whole.
    const auto sessions = findChildren<ClientSession *>(Qt::FindDirectChildrenOnly);
    qDeleteAll(sessions);
}

void WsShard::adopt(ClientSession *session)
{
    if (session->isGone())
        return; // closed between the move and this call
    session->setParent(this);
    m_sessions.insert(session);
    setCount();
    session->adopted();
}

void WsShard::closeAll()
{
    const auto sessions = m_sessions;
    for (ClientSession *session : sessions)
        session->close();
}

void WsShard::setCount()
{
    const int before = m_count.exchange(int(m_sessions.size()));
    const int total = m_connections.fetch_add(int(m_sessions.size()) - before)
                      + (int(m_sessions.size()) - before);
    metrics::Registry::instance()
        .gauge(QStringLiteral("boxoffice_ws_connections"), {})
        .set(double(total));
}

void WsShard::subscribe(ClientSession *session, const QString &eventId)
{
    m_subscribers[eventId].insert(session);
}

void WsShard::unsubscribe(ClientSession *session, const QString &eventId)
{
    auto it = m_subscribers.find(eventId);
    if (it == m_subscribers.end())
        return;
    it->remove(session);
    if (it->isEmpty())
        m_subscribers.erase(it);
}

void WsShard::forget(ClientSession *session)
{
    for (const QString &eventId : session->subscriptions())
        unsubscribe(session, eventId);
    if (m_sessions.remove(session))
        setCount();
}

void WsShard::onDelta(const DeltaFrame &frame)
{
    if (!m_subscribers.contains(frame.eventId)) {
        // Nobody here: the last shard still records the fan-out if another one delivered it.
        if (frame.fanout && frame.fanout->left.fetch_sub(1) == 1 && frame.fanout->delivered)
            m_fanout->observe(double(steadyNs() - frame.readAtNs) / 1e9);
        return;
    }
    // Posted behind the deltas already queued, so they all go out in one pass.
    if (m_pending.empty())
        QMetaObject::invokeMethod(this, &WsShard::fanOut, Qt::QueuedConnection);
    m_pending.push_back(frame);
}

void WsShard::fanOut()
{
    const std::vector<DeltaFrame> pending = std::exchange(m_pending, {});
    QHash<QString, std::vector<DeltaFrame>> byEvent;
    QStringList order;
    for (const DeltaFrame &frame : pending) {
        auto &frames = byEvent[frame.eventId];
        if (frames.empty())
            order.append(frame.eventId);
        frames.push_back(frame);
    }
    for (const QString &eventId : std::as_const(order)) {
        // A copy: a failed write closes its socket at once, and the session then leaves the set.
        const QSet<ClientSession *> sessions = m_subscribers.value(eventId);
        const std::vector<DeltaFrame> &frames = byEvent[eventId];
        for (ClientSession *session : sessions)
            session->pushDeltas(frames);
        const qint64 now = steadyNs();
        for (const DeltaFrame &frame : frames) {
            if (frame.fanout) {
                frame.fanout->delivered = true;
                if (frame.fanout->left.fetch_sub(1) != 1)
                    continue; // another shard is still at it: it records the time
            }
            m_fanout->observe(double(now - frame.readAtNs) / 1e9);
        }
    }
}

void WsShard::onOrderChanged(const QString &orderId, const QString &owner)
{
    if (m_orderReads.contains(orderId)) {
        m_orderReads[orderId] = true;
        return;
    }
    std::optional<domain::Principal> reader;
    for (ClientSession *session : std::as_const(m_sessions)) {
        if (session->principal() && session->principal()->subject == owner) {
            reader = session->principal();
            break;
        }
    }
    if (!reader)
        return; // nobody here to tell
    m_orderReads.insert(orderId, false);
    const api::SaleOps *sales = &m_services.sales;
    QtConcurrent::run(domain::databaseWorkers(m_services.database),
                      [sales, principal = *reader, orderId]() -> api::Answer {
                          try {
                              return api::answerOf(sales->findOrder(principal, orderId),
                                                   200,
                                                   api::orderJson);
                          } catch (const std::exception &error) {
                              qWarning() << "order.update read failed:" << error.what();
                              return api::Answer{503, {}};
                          }
                      })
        .then(this, [this, orderId, owner](const api::Answer &response) {
            const bool again = m_orderReads.take(orderId);
            if (response.status == 200) {
                const QString text = QString::fromUtf8(
                    QJsonDocument(
                        QJsonObject{{QStringLiteral("type"), QStringLiteral("order.update")},
                                    {QStringLiteral("order"), response.body}})
                        .toJson(QJsonDocument::Compact));
                // Only sessions authenticated as the owner, looked up again (some may be gone).
                for (ClientSession *session : std::as_const(m_sessions)) {
                    if (session->principal() && session->principal()->subject == owner)
                        session->pushOrder(text);
                }
            }
            if (again)
                onOrderChanged(orderId, owner);
        });
}

} // namespace boxoffice::server::ws
