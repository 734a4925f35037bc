#include "wshub.h"

#include "metrics/registry.h"
#include "wssession.h"

#include <QWebSocket>

namespace boxoffice::server::ws {

WsHub::WsHub(http::Services &services, SeatmapFeed &feed, WsOptions options, QObject *parent)
    : QObject(parent)
    , m_services(services)
    , m_options(options)
{
    connect(&feed, &SeatmapFeed::delta, this, &WsHub::onDelta);
}

WsHub::~WsHub()
{
    // Sessions talk to the hub when they go: delete them while the hub is still whole.
    const auto sessions = findChildren<WsSession *>(Qt::FindDirectChildrenOnly);
    qDeleteAll(sessions);
}

void WsHub::accept(QWebSocket *socket)
{
    auto *session = new WsSession(socket, m_services, *this, m_options, this);
    m_sessions.insert(session);
    metrics::Registry::instance()
        .gauge(QStringLiteral("boxoffice_ws_connections"), {})
        .set(double(m_sessions.size()));
}

void WsHub::closeAll()
{
    const auto sessions = m_sessions;
    for (WsSession *session : sessions)
        session->close();
}

void WsHub::subscribe(WsSession *session, const QString &eventId)
{
    m_subscribers[eventId].insert(session);
}

void WsHub::unsubscribe(WsSession *session, const QString &eventId)
{
    auto it = m_subscribers.find(eventId);
    if (it == m_subscribers.end())
        return;
    it->remove(session);
    if (it->isEmpty())
        m_subscribers.erase(it);
}

void WsHub::forget(WsSession *session)
{
    for (const QString &eventId : session->subscriptions())
        unsubscribe(session, eventId);
    m_sessions.remove(session);
    metrics::Registry::instance()
        .gauge(QStringLiteral("boxoffice_ws_connections"), {})
        .set(double(m_sessions.size()));
}

void WsHub::onDelta(const DeltaFrame &frame)
{
    const auto it = m_subscribers.constFind(frame.eventId);
    if (it == m_subscribers.constEnd())
        return;
    for (WsSession *session : *it)
        session->pushDelta(frame);
}

} // namespace boxoffice::server::ws
