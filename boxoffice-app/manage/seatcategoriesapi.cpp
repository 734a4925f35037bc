// SPDX-License-Identifier: GPL-3.0-or-later
#include "seatcategoriesapi.h"

#include "eventsapi.h"

#include <QJsonArray>

namespace boxoffice::app {

void SeatCategoriesApi::assign(const QString &eventId,
                               qint64 version,
                               const QString &category,
                               const QStringList &seats,
                               Callback done) const
{
    m_transport->call("PUT",
                      u"/events/" + client::HttpTransport::segment(eventId) + u"/seat-categories",
                      {{QStringLiteral("category"), category},
                       {QStringLiteral("seats"), QJsonArray::fromStringList(seats)}},
                      {{"If-Match", EventsApi::tag(version)}},
                      std::move(done));
}

} // namespace boxoffice::app
