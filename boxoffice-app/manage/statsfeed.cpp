// SPDX-License-Identifier: GPL-3.0-or-later
#include "statsfeed.h"

namespace boxoffice::app {

using client::ApiResult;
using client::HttpTransport;
using client::LiveSession;

StatsFeed::StatsFeed(HttpTransport *transport, QObject *parent)
    : QObject(parent)
    , m_transport(transport)
{
    m_spacer.setSingleShot(true);
    connect(&m_spacer, &QTimer::timeout, this, &StatsFeed::pump);
    m_poll.setInterval(10000); // the waiting room moves without seat-map deltas
    connect(&m_poll, &QTimer::timeout, this, &StatsFeed::refresh);
    // Any seat-map movement may change the figures; a snapshot comes after a (re)subscribe,
    // when deltas may have been missed.
    connect(&m_live, &LiveSession::seatmapDelta, this, [this](const QString &eventId) {
        if (eventId == m_eventId)
            refresh();
    });
    connect(&m_live, &LiveSession::seatmapSnapshot, this, [this](const QString &eventId) {
        if (eventId == m_eventId)
            refresh();
    });
    connect(&m_live, &LiveSession::stateChanged, this, &StatsFeed::liveStateChanged);
}

void StatsFeed::setEvent(const QString &eventId)
{
    if (eventId == m_eventId)
        return;
    if (!m_eventId.isEmpty())
        m_live.unsubscribeSeatmap(m_eventId);
    m_eventId = eventId;
    ++m_generation; // an answer still on its way is for the old event
    if (m_active && !m_eventId.isEmpty())
        m_live.subscribeSeatmap(m_eventId);
    m_lastStart.invalidate(); // a new event is read at once
    m_spacer.stop();
    refresh();
}

void StatsFeed::setActive(bool active)
{
    if (active == m_active)
        return;
    m_active = active;
    if (active) {
        m_live.open(m_transport->baseUrl(), m_transport->accessToken());
        if (!m_eventId.isEmpty())
            m_live.subscribeSeatmap(m_eventId);
        m_poll.start();
        refresh();
    } else {
        m_live.close();
        m_poll.stop();
        m_spacer.stop();
        m_wanted = false;
    }
}

void StatsFeed::refresh()
{
    m_wanted = true;
    pump();
}

void StatsFeed::pump()
{
    if (!m_wanted || m_inFlight || m_eventId.isEmpty() || m_spacer.isActive())
        return;
    if (m_lastStart.isValid() && m_lastStart.elapsed() < m_spacing) {
        m_spacer.start(int(m_spacing - m_lastStart.elapsed()));
        return;
    }
    fetch();
}

void StatsFeed::fetch()
{
    m_wanted = false;
    m_inFlight = true;
    m_lastStart.start();
    ++m_requests;
    const quint64 generation = m_generation;
    Q_EMIT requestStarted();
    m_transport->call("GET",
                      u"/events/" + HttpTransport::segment(m_eventId) + u"/stats",
                      {},
                      {},
                      client::whileAlive(this, [this, generation](const ApiResult &r) {
                          m_inFlight = false;
                          if (generation == m_generation) {
                              if (r.ok())
                                  Q_EMIT figuresArrived(SalesFigures::fromJson(r.body));
                              else
                                  Q_EMIT failed(r);
                          }
                          pump(); // what was asked for meanwhile, once
                      }));
}

} // namespace boxoffice::app
