// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <client/httptransport.h>

#include <QDateTime>

#include <functional>

namespace boxoffice::app {

/// The back office's event calls (docs/back-office.md) on the app's signed-in transport: paths,
/// bodies and If-Match; every answer arrives asynchronously through `done`.
class EventsApi
{
public:
    using Callback = client::HttpTransport::Callback;

    /// What loadMap() does with each answer, in order.
    struct MapSteps
    {
        /// False once the page no longer wants the answers (another event is open): they are
        /// dropped.
        std::function<bool()> current;
        /// Takes the event; returns its venue's id.
        std::function<QString(const QJsonObject &event)> event;
        std::function<void(const QJsonObject &venue)> venue;
        std::function<void(const QJsonObject &seatmap)> seatmap;
        std::function<void(const client::ApiResult &failure)> failed;
        /// Called once, before `seatmap` or `failed`, or when the answers are dropped.
        std::function<void()> done;
    };

    explicit EventsApi(client::HttpTransport *transport)
        : m_transport(transport)
    {}

    /// GET /events?include=all: one page of every event, cancelled and past too.
    void list(int offset, Callback done) const;
    /// GET /events/{id} (its ETag carries the version).
    void get(const QString &id, Callback done) const;
    /// POST /events with an EventDraft.
    void create(const QJsonObject &draft, Callback done) const;
    /// PATCH /events/{id} with If-Match: "`version`" and only the changed members.
    void patch(const QString &id, qint64 version, const QJsonObject &changes, Callback done) const;
    /// POST /events/{id}/cancel.
    void cancel(const QString &id, qint64 version, const QString &reason, Callback done) const;
    /// POST /events/{id}/duplicate.
    void duplicate(const QString &id,
                   const QString &title,
                   const QDateTime &startsAt,
                   Callback done) const;
    /// GET /venues (published venues).
    void venues(Callback done) const;
    /// GET /venues/{id} (its price categories and time zone).
    void venue(const QString &id, Callback done) const;
    /// GET /events/{id}/seatmap (every seat's status and category now).
    void seatmap(const QString &id, Callback done) const;
    /// The event, its venue, then its seat map (what a map page shows), answered to `receiver`
    /// while it exists.
    void loadMap(QObject *receiver, const QString &eventId, MapSteps steps) const;

    client::HttpTransport *transport() const { return m_transport; }
    /// `version` as an If-Match value.
    static QByteArray tag(qint64 version);

private:
    client::HttpTransport *m_transport;
};

} // namespace boxoffice::app
