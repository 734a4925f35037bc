// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <client/httptransport.h>

#include <QDateTime>

namespace boxoffice::app {

/// The back office's event calls (docs/back-office.md) on the app's signed-in transport: paths,
/// bodies and If-Match; every answer arrives asynchronously through `done`.
class EventsApi
{
public:
    using Callback = client::HttpTransport::Callback;

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

    client::HttpTransport *transport() const { return m_transport; }
    /// `version` as an If-Match value.
    static QByteArray tag(qint64 version);

private:
    client::HttpTransport *m_transport;
};

} // namespace boxoffice::app
