// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "salesfigures.h"

#include <client/httptransport.h>
#include <client/livesession.h>

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace boxoffice::app {

/// Keeps one event's sales figures fresh: GET /events/{id}/stats when the event's seat map moves
/// (a WebSocket session of its own, so the sale page's subscriptions stay untouched), at most
/// once a second, and every 10 s for the waiting room's figures. Never two requests at once: a
/// refresh asked for while one runs is done once after it.
class StatsFeed : public QObject
{
    Q_OBJECT
public:
    explicit StatsFeed(client::HttpTransport *transport, QObject *parent = nullptr);

    /// Follows `eventId` (empty: none) and reads its figures at once.
    void setEvent(const QString &eventId);
    QString eventId() const { return m_eventId; }
    /// Opens the WebSocket and the timers (the dashboard is shown) or closes them (hidden).
    void setActive(bool active);
    /// Asks for fresh figures; coalesced with every other ask within the spacing.
    void refresh();

    void setSpacing(int ms) { m_spacing = ms; }
    void setPollInterval(int ms) { m_poll.setInterval(ms); }
    client::LiveSession *session() { return &m_live; }
    /// Stats requests sent so far (tests and the benchmark count them).
    int requestsSent() const { return m_requests; }
    bool isBusy() const { return m_inFlight; }

Q_SIGNALS:
    /// A stats request goes out.
    void requestStarted();
    /// Figures of the followed event arrived.
    void figuresArrived(const boxoffice::app::SalesFigures &figures);
    /// A stats request failed (status 0: the server could not be reached).
    void failed(const boxoffice::client::ApiResult &result);
    void liveStateChanged(boxoffice::client::LiveSession::State state);

private:
    void pump();
    void fetch();

    client::HttpTransport *m_transport;
    client::LiveSession m_live;
    QTimer m_spacer; ///< waits out the spacing since the last request
    QTimer m_poll;
    QElapsedTimer m_lastStart;
    QString m_eventId;
    quint64 m_generation = 0;
    int m_spacing = 1000;
    int m_requests = 0;
    bool m_wanted = false;
    bool m_inFlight = false;
    bool m_active = false;
};

} // namespace boxoffice::app
