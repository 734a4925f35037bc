#include "hold.h"

#include <QJsonArray>

namespace boxoffice::server::domain {

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

} // namespace boxoffice::server::domain
