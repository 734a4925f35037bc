// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "seededevent.h"
#include "serverprocess.h"
#include "wsclient.h"

#include <QDeadlineTimer>
#include <QJsonArray>
#include <QRegularExpression>
#include <QTest>

#include <functional>

namespace boxoffice::test {

/// Polls `condition` (running the event loop) until it holds or `timeoutMs` passed.
inline bool waitUntil(const std::function<bool()> &condition, int timeoutMs = 10000)
{
    QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired()) {
        if (condition())
            return true;
        QTest::qWait(20);
    }
    return condition();
}

/// The value of one series in `server`'s /metrics (NaN when absent).
inline double metricValue(const ServerProcess &server, const QString &series)
{
    const QByteArray text = server.client().get("/metrics").body;
    for (const QByteArray &line : text.split('\n')) {
        if (line.startsWith(QByteArray(series.toUtf8() + ' ')))
            return line.mid(series.size() + 1).toDouble();
    }
    return qQNaN();
}

/// Uploads a venue of `sections` x `rows` x `perRow` seats (plus GA "PISTA" of 50) and creates an
/// event on it; returns the event id.
inline QString createEvent(const ServerProcess &server,
                           const QString &venueId,
                           int sections,
                           int rows,
                           int perRow,
                           int maxSeats = 10,
                           int maxHolds = 3)
{
    const QByteArray manager = testToken(QStringLiteral("manager-rt"), QStringLiteral("manager"));
    const SeededEvent seeded = SeededEvent::create(server.client(),
                                                   manager,
                                                   venueId,
                                                   EventShape::seatsAndGa(rows, perRow, 50, sections)
                                                       .holding(600, maxSeats, maxHolds));
    if (!seeded.ok())
        qWarning("%s", seeded.error().constData());
    return seeded.eventId;
}

inline QJsonObject holdBody(const QString &eventId, const QStringList &seats)
{
    return {{QStringLiteral("event_id"), eventId},
            {QStringLiteral("seats"), QJsonArray::fromStringList(seats)}};
}

} // namespace boxoffice::test
