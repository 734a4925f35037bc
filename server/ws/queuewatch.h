// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/principal.h"
#include "wsservices.h"

#include <QElapsedTimer>
#include <QHash>
#include <QJsonObject>
#include <QString>

#include <functional>

class QObject;

namespace boxoffice::server::ws {

/// The waiting-room places one WebSocket session joined or asked about. Each is polled when its
/// `retry_after` is due, so a session costs what a polling client would, and pushed as a
/// `queue.update` frame when its state or position changed. Admitted and expired places are
/// not watched any more.
class QueueWatch
{
public:
    /// Polls run on the database workers; their answers come back on `context`'s thread, which
    /// owns this watch. `push` sends a frame.
    QueueWatch(QObject *context,
               const WsServices &services,
               std::function<void(const QString &)> push);

    /// Watches `place` (a queue.join or queue.status answer) of `eventId`.
    void watch(const QString &eventId, const QJsonObject &place);
    /// Polls the places that are due, for `caller`.
    void poll(const domain::Principal &caller);
    /// Forgets every place (the session's caller is gone).
    void clear() { m_watched.clear(); }

private:
    struct Watched
    {
        QString queueId;
        QJsonObject last;
        qint64 dueMs = 0;
        bool polling = false;
    };

    QObject *m_context;
    WsServices m_services;
    std::function<void(const QString &)> m_push;
    QHash<QString, Watched> m_watched; // by event id
    QElapsedTimer m_clock;
};

} // namespace boxoffice::server::ws
