// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "httpclient.h"
#include "venuefixture.h"

#include <QDateTime>
#include <QJsonObject>

namespace boxoffice::test {

/// The venue and event a test sells from: the venue's size (see venueJson) and the event's
/// limits (see eventJson), optionally its sale start and waiting room.
struct EventShape
{
    int sections = 1;
    int rows = 2;
    int seatsPerRow = 10;
    int gaCapacity = 0;
    int holdSeconds = 600;
    int maxSeatsPerUser = 10;
    int maxHoldsPerUser = 3;
    /// The event's title when not empty (eventJson's "Test show" otherwise).
    QString title;
    /// Sent as `on_sale_at` when valid; otherwise the server's default (on sale now).
    QDateTime onSaleAt;
    /// A `queue` object is sent when set (enabled or not), as the queue tests do.
    bool sendsQueue = false;
    bool queueEnabled = false;
    int admitPerMinute = 0;
    int maxActive = 0;

    /// Seats only: `sections` x `rows` x `seatsPerRow`, no GA area.
    static EventShape seats(int rows, int seatsPerRow, int sections = 1)
    {
        EventShape shape;
        shape.sections = sections;
        shape.rows = rows;
        shape.seatsPerRow = seatsPerRow;
        return shape;
    }
    /// Seats plus the GA area "PISTA" of `gaCapacity`.
    static EventShape seatsAndGa(int rows, int seatsPerRow, int gaCapacity, int sections = 1)
    {
        EventShape shape = seats(rows, seatsPerRow, sections);
        shape.gaCapacity = gaCapacity;
        return shape;
    }
    /// A copy whose event has a waiting room admitting `perMinute` up to `active` at once, on
    /// sale since `onSale` (a minute ago by default, so the queue admits at once).
    EventShape queued(int perMinute,
                      int active,
                      const QDateTime &onSale = QDateTime::currentDateTimeUtc().addSecs(-60),
                      bool enabled = true) const
    {
        EventShape shape = *this;
        shape.sendsQueue = true;
        shape.queueEnabled = enabled;
        shape.admitPerMinute = perMinute;
        shape.maxActive = active;
        shape.onSaleAt = onSale;
        return shape;
    }
    /// A copy with other hold limits.
    EventShape holding(int seconds, int maxSeats = 10, int maxHolds = 3) const
    {
        EventShape shape = *this;
        shape.holdSeconds = seconds;
        shape.maxSeatsPerUser = maxSeats;
        shape.maxHoldsPerUser = maxHolds;
        return shape;
    }

    /// A copy with its own title (the apps' tests show it).
    EventShape titled(const QString &eventTitle) const
    {
        EventShape shape = *this;
        shape.title = eventTitle;
        return shape;
    }

    /// The `.venue.json` of this shape for `venueId`.
    QByteArray venueDocument(const QString &venueId) const
    {
        return venueJson(venueId, sections, rows, seatsPerRow, gaCapacity);
    }
    /// The POST /events body of this shape on `venueId`.
    QJsonObject eventBody(const QString &venueId) const
    {
        QJsonObject body = eventJson(venueId, holdSeconds, maxSeatsPerUser, maxHoldsPerUser);
        if (!title.isEmpty())
            body.insert(QStringLiteral("title"), title);
        if (onSaleAt.isValid())
            body.insert(QStringLiteral("on_sale_at"), onSaleAt.toString(Qt::ISODate));
        if (sendsQueue)
            body.insert(QStringLiteral("queue"),
                        QJsonObject{{QStringLiteral("enabled"), queueEnabled},
                                    {QStringLiteral("admit_per_minute"), admitPerMinute},
                                    {QStringLiteral("max_active"), maxActive}});
        return body;
    }
};

/// A venue uploaded and an event created on it over the REST API, as `manager`: the seeding
/// most server tests start from. `ok()` is false with the failed answer in `failure`.
struct SeededEvent
{
    QString venueId;
    QString eventId;
    HttpResponse failure;

    bool ok() const { return !eventId.isEmpty(); }
    /// Why seeding failed, for QVERIFY2.
    QByteArray error() const
    {
        return "seeding " + venueId.toUtf8() + ": " + QByteArray::number(failure.status) + ' '
               + failure.body;
    }

    /// Uploads `shape`'s venue as `venueId` and creates its event.
    static SeededEvent create(const HttpClient &client,
                              const QByteArray &manager,
                              const QString &venueId,
                              const EventShape &shape)
    {
        SeededEvent seeded;
        seeded.venueId = venueId;
        const HttpResponse venue = client.postRaw("/venues", shape.venueDocument(venueId), manager);
        if (venue.status != 201) {
            seeded.failure = venue;
            return seeded;
        }
        const HttpResponse event = client.post("/events", shape.eventBody(venueId), manager);
        if (event.status != 201) {
            seeded.failure = event;
            return seeded;
        }
        seeded.eventId = event.json().value(u"id").toString();
        return seeded;
    }
};

} // namespace boxoffice::test
