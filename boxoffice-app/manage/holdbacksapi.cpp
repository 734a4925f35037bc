// SPDX-License-Identifier: GPL-3.0-or-later
#include "holdbacksapi.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace boxoffice::app {

using client::HttpTransport;

namespace {
QString path(const QString &eventId)
{
    return u"/events/" + HttpTransport::segment(eventId) + u"/holdbacks";
}
} // namespace

void HoldbacksApi::list(const QString &eventId, Callback done) const
{
    m_transport->call("GET", path(eventId), {}, {}, std::move(done));
}

void HoldbacksApi::hold(const QString &eventId,
                        const QStringList &seats,
                        const QString &kind,
                        const QString &allocation,
                        Callback done) const
{
    QJsonObject body{{QStringLiteral("seats"), QJsonArray::fromStringList(seats)},
                     {QStringLiteral("kind"), kind}};
    if (kind == u"allocation")
        body.insert(QStringLiteral("allocation"), allocation);
    m_transport->call("PUT", path(eventId), body, {}, std::move(done));
}

void HoldbacksApi::releaseSeats(const QString &eventId,
                                const QStringList &seats,
                                Callback done) const
{
    remove(eventId, {{QStringLiteral("seats"), QJsonArray::fromStringList(seats)}}, std::move(done));
}

void HoldbacksApi::releaseKind(const QString &eventId,
                               const QString &kind,
                               const QString &allocation,
                               Callback done) const
{
    QJsonObject body{{QStringLiteral("kind"), kind}};
    if (!allocation.isEmpty())
        body.insert(QStringLiteral("allocation"), allocation);
    remove(eventId, body, std::move(done));
}

void HoldbacksApi::setCounterSale(const QString &eventId,
                                  const QString &allocation,
                                  bool allowed,
                                  Callback done) const
{
    m_transport->call("PATCH",
                      u"/events/" + HttpTransport::segment(eventId) + u"/allocations/"
                          + HttpTransport::segment(allocation),
                      {{QStringLiteral("counter_sale"), allowed}},
                      {},
                      std::move(done));
}

void HoldbacksApi::remove(const QString &eventId, const QJsonObject &body, Callback done) const
{
    // call() sends no body with DELETE; this one carries what to release.
    m_transport->send("DELETE",
                      path(eventId),
                      QJsonDocument(body).toJson(QJsonDocument::Compact),
                      {},
                      std::move(done));
}

} // namespace boxoffice::app
