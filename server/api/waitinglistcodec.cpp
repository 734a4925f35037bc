// SPDX-License-Identifier: GPL-3.0-or-later
#include "waitinglistcodec.h"

#include <QJsonArray>

namespace boxoffice::server::api {

namespace {

QJsonValue positionJson(const domain::WaitingEntry &entry)
{
    return entry.position > 0 ? QJsonValue(entry.position) : QJsonValue();
}

QJsonValue offerJson(const domain::WaitingEntry &entry)
{
    if (entry.state != u"offered")
        return QJsonValue();
    return QJsonObject{{QStringLiteral("hold_id"), entry.holdId},
                       {QStringLiteral("seats"), QJsonArray::fromStringList(entry.offeredSeats)},
                       {QStringLiteral("expires_at"), entry.offerExpiresAt}};
}

} // namespace

QJsonObject waitingPlaceJson(const domain::WaitingEntry &entry)
{
    return {{QStringLiteral("event_id"), entry.eventId},
            {QStringLiteral("event_title"), entry.eventTitle},
            {QStringLiteral("starts_at"), entry.startsAt},
            {QStringLiteral("position"), positionJson(entry)},
            {QStringLiteral("quantity"), entry.quantity},
            {QStringLiteral("categories"), QJsonArray::fromStringList(entry.categories)},
            {QStringLiteral("state"), entry.state},
            {QStringLiteral("joined_at"), entry.joinedAt},
            {QStringLiteral("offer"), offerJson(entry)}};
}

QJsonObject myWaitingListJson(const QList<domain::WaitingEntry> &entries)
{
    QJsonArray places;
    for (const auto &entry : entries)
        places.append(waitingPlaceJson(entry));
    return {{QStringLiteral("places"), places}};
}

QJsonObject waitingListJson(const domain::WaitingListView &view)
{
    QJsonArray entries;
    for (const auto &entry : view.entries)
        entries.append(QJsonObject{
            {QStringLiteral("position"), positionJson(entry)},
            {QStringLiteral("fan"), entry.email.isEmpty() ? entry.username : entry.email},
            {QStringLiteral("name"), entry.name},
            {QStringLiteral("quantity"), entry.quantity},
            {QStringLiteral("categories"), QJsonArray::fromStringList(entry.categories)},
            {QStringLiteral("state"), entry.state},
            {QStringLiteral("joined_at"), entry.joinedAt},
            {QStringLiteral("offered_seats"), QJsonArray::fromStringList(entry.offeredSeats)},
            {QStringLiteral("offer_expires_at"),
             entry.offerExpiresAt.isEmpty() ? QJsonValue() : QJsonValue(entry.offerExpiresAt)}});
    return {{QStringLiteral("enabled"), view.enabled},
            {QStringLiteral("offer_minutes"), view.offerMinutes},
            {QStringLiteral("entries"), entries}};
}

} // namespace boxoffice::server::api
