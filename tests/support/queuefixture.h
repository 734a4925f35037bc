// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "seededevent.h"
#include "serverprocess.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QTest>

namespace boxoffice::test {

/// Waiting-room helpers shared by the queue tests.
struct QueueClient
{
    HttpClient http;

    /// A queued event on `venueId` (made by the caller) with the given settings.
    QString createEvent(const QByteArray &manager,
                        const QString &venueId,
                        int admitPerMinute,
                        int maxActive,
                        const QDateTime &onSaleAt = QDateTime::currentDateTimeUtc().addSecs(-60),
                        bool queued = true) const
    {
        const QJsonObject body
            = EventShape{}.queued(admitPerMinute, maxActive, onSaleAt, queued).eventBody(venueId);
        const auto event = http.post("/events", body, manager);
        if (event.status != 201)
            qWarning("event: %d %s", event.status, event.body.constData());
        return event.json().value(u"id").toString();
    }

    HttpResponse join(const QString &eventId, const QString &user) const
    {
        return http.post("/events/" + eventId.toUtf8() + "/queue", QJsonObject{}, testToken(user));
    }

    HttpResponse status(const QString &eventId, const QString &user, const QString &queueId) const
    {
        return http.get("/events/" + eventId.toUtf8() + "/queue/" + queueId.toUtf8(),
                        testToken(user));
    }

    /// Polls until `user` is admitted; the admission token, or empty after `timeoutMs`.
    QByteArray waitForAdmission(const QString &eventId,
                                const QString &user,
                                const QString &queueId,
                                int timeoutMs = 10000) const
    {
        QElapsedTimer timer;
        timer.start();
        while (timer.elapsed() < timeoutMs) {
            const auto place = status(eventId, user, queueId);
            if (place.json().value(u"state").toString() == u"admitted")
                return place.json().value(u"admission_token").toString().toLatin1();
            QTest::qWait(50);
        }
        return {};
    }

    HttpResponse hold(const QString &eventId,
                      const QString &user,
                      const QStringList &seats,
                      const QByteArray &admission) const
    {
        QList<QPair<QByteArray, QByteArray>> headers;
        if (!admission.isEmpty())
            headers.append({QByteArrayLiteral("X-Admission-Token"), admission});
        return http.post("/holds",
                         QJsonObject{{QStringLiteral("event_id"), eventId},
                                     {QStringLiteral("seats"), QJsonArray::fromStringList(seats)}},
                         testToken(user),
                         headers);
    }
};

} // namespace boxoffice::test
