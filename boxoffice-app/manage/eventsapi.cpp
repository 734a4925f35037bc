// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventsapi.h"

namespace boxoffice::app {

using client::HttpTransport;

QByteArray EventsApi::tag(qint64 version)
{
    return '"' + QByteArray::number(version) + '"';
}

void EventsApi::list(int offset, Callback done) const
{
    m_transport->call("GET",
                      QStringLiteral("/events?include=all&limit=500&offset=%1").arg(offset),
                      {},
                      {},
                      std::move(done));
}

void EventsApi::get(const QString &id, Callback done) const
{
    m_transport->call("GET", u"/events/" + HttpTransport::segment(id), {}, {}, std::move(done));
}

void EventsApi::create(const QJsonObject &draft, Callback done) const
{
    m_transport->call("POST", QStringLiteral("/events"), draft, {}, std::move(done));
}

void EventsApi::patch(const QString &id,
                      qint64 version,
                      const QJsonObject &changes,
                      Callback done) const
{
    m_transport->call("PATCH",
                      u"/events/" + HttpTransport::segment(id),
                      changes,
                      {{"If-Match", tag(version)}},
                      std::move(done));
}

void EventsApi::cancel(const QString &id, qint64 version, const QString &reason, Callback done) const
{
    m_transport->call("POST",
                      u"/events/" + HttpTransport::segment(id) + u"/cancel",
                      {{QStringLiteral("reason"), reason}},
                      {{"If-Match", tag(version)}},
                      std::move(done));
}

void EventsApi::duplicate(const QString &id,
                          const QString &title,
                          const QDateTime &startsAt,
                          Callback done) const
{
    QJsonObject body;
    if (!title.isEmpty())
        body.insert(QStringLiteral("title"), title);
    if (startsAt.isValid())
        body.insert(QStringLiteral("starts_at"), startsAt.toUTC().toString(Qt::ISODate));
    m_transport->call("POST",
                      u"/events/" + HttpTransport::segment(id) + u"/duplicate",
                      body,
                      {},
                      std::move(done));
}

void EventsApi::venues(Callback done) const
{
    m_transport->call("GET", QStringLiteral("/venues"), {}, {}, std::move(done));
}

void EventsApi::venue(const QString &id, Callback done) const
{
    m_transport->call("GET", u"/venues/" + HttpTransport::segment(id), {}, {}, std::move(done));
}

void EventsApi::seatmap(const QString &id, Callback done) const
{
    m_transport->call("GET",
                      u"/events/" + HttpTransport::segment(id) + u"/seatmap",
                      {},
                      {},
                      std::move(done));
}

void EventsApi::loadMap(QObject *receiver, const QString &eventId, MapSteps steps) const
{
    // Each answer is taken only while the page still wants it; a failure ends the chain.
    const auto taken = [steps](const client::ApiResult &r) {
        if (!steps.current()) {
            steps.done();
            return false;
        }
        if (!r.ok()) {
            steps.done();
            steps.failed(r);
            return false;
        }
        return true;
    };
    get(eventId, client::whileAlive(receiver, [=, this](const client::ApiResult &r) {
            if (!taken(r))
                return;
            venue(steps.event(r.body), client::whileAlive(receiver, [=, this](const auto &v) {
                      if (!taken(v))
                          return;
                      steps.venue(v.body);
                      seatmap(eventId, client::whileAlive(receiver, [=](const auto &s) {
                                  if (!taken(s))
                                      return;
                                  steps.done();
                                  steps.seatmap(s.body);
                              }));
                  }));
        }));
}

} // namespace boxoffice::app
