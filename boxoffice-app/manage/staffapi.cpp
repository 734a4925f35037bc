// SPDX-License-Identifier: GPL-3.0-or-later
#include "staffapi.h"

#include <QUrlQuery>

namespace boxoffice::app {

void StaffApi::me(Callback done) const
{
    m_transport->call("GET", QStringLiteral("/me"), {}, {}, std::move(done));
}

void StaffApi::list(Callback done) const
{
    m_transport->call("GET", QStringLiteral("/staff"), {}, {}, std::move(done));
}

void StaffApi::create(const QString &username,
                      const QString &role,
                      const QString &password,
                      Callback done) const
{
    m_transport->call("POST",
                      QStringLiteral("/staff"),
                      {{QStringLiteral("username"), username},
                       {QStringLiteral("role"), role},
                       {QStringLiteral("password"), password}},
                      {},
                      std::move(done));
}

void StaffApi::update(qint64 id, const QJsonObject &changes, Callback done) const
{
    m_transport->call("PATCH", u"/staff/" + QString::number(id), changes, {}, std::move(done));
}

void StaffApi::signIns(int limit, Callback done) const
{
    m_transport->call("GET",
                      QStringLiteral("/staff/sign-ins?limit=%1").arg(limit),
                      {},
                      {},
                      std::move(done));
}

void StaffApi::audit(const QString &eventId, qint64 before, int limit, Callback done) const
{
    QUrlQuery query;
    if (!eventId.isEmpty())
        query.addQueryItem(QStringLiteral("event_id"), eventId);
    if (before > 0)
        query.addQueryItem(QStringLiteral("before"), QString::number(before));
    query.addQueryItem(QStringLiteral("limit"), QString::number(limit));
    m_transport->call("GET",
                      u"/audit?" + query.toString(QUrl::FullyEncoded),
                      {},
                      {},
                      std::move(done));
}

} // namespace boxoffice::app
