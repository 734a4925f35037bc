// SPDX-License-Identifier: GPL-3.0-or-later
#include "seatmapdeltacodec.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace boxoffice::server::db {

QByteArray seatmapChangesJson(const SeatmapChanges &changes)
{
    QJsonArray seats;
    for (const SeatmapChanges::Seat &seat : changes.seats)
        seats.append(QJsonObject{{u"id"_qs, seat.id}, {u"status"_qs, seat.status}});
    QJsonArray zones;
    for (const SeatmapChanges::Zone &zone : changes.zones)
        zones.append(QJsonObject{{u"id"_qs, zone.id}, {u"available"_qs, zone.available}});
    return QJsonDocument(QJsonObject{{u"seats"_qs, seats}, {u"ga"_qs, zones}})
        .toJson(QJsonDocument::Compact);
}

SeatmapChanges readSeatmapChanges(const QByteArray &json)
{
    const QJsonObject object = QJsonDocument::fromJson(json).object();
    SeatmapChanges changes;
    for (const auto &seat : object.value(u"seats").toArray())
        changes.seats.append({seat[u"id"].toString(), seat[u"status"].toString()});
    for (const auto &zone : object.value(u"ga").toArray())
        changes.zones.append({zone[u"id"].toString(), zone[u"available"].toInteger()});
    return changes;
}

} // namespace boxoffice::server::db
