// SPDX-License-Identifier: GPL-3.0-or-later
#include "hold.h"

#include <QJsonArray>
#include <QJsonObject>

// The API views of db's rows (declared there; db never calls them).
namespace boxoffice::server::db {

QJsonObject Hold::toJson() const
{
    QJsonObject ga;
    if (!gaId.isEmpty())
        ga = QJsonObject{{QStringLiteral("id"), gaId}, {QStringLiteral("quantity"), gaQuantity}};
    return QJsonObject{{QStringLiteral("hold_id"), id},
                       {QStringLiteral("event_id"), eventId},
                       {QStringLiteral("seats"), QJsonArray::fromStringList(seats)},
                       {QStringLiteral("ga"),
                        gaId.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(ga)},
                       {QStringLiteral("expires_at"), expiresAt.toUTC().toString(Qt::ISODateWithMs)},
                       {QStringLiteral("status"), status}};
}

} // namespace boxoffice::server::db
