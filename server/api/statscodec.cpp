// SPDX-License-Identifier: GPL-3.0-or-later
#include "statscodec.h"

#include <QJsonArray>

namespace boxoffice::server::api {

namespace {

// capacity, available, held, sold, comps and held back into `out`.
void insertPlaces(QJsonObject &out, const db::PlaceCounts &places)
{
    out.insert(u"capacity", places.capacity());
    out.insert(u"available", places.available);
    out.insert(u"held", places.held);
    out.insert(u"sold", places.sold);
    out.insert(u"comps", places.comps);
}

QJsonObject heldBackJson(const db::PlaceCounts &places)
{
    return QJsonObject{{QStringLiteral("kill"), places.kill},
                       {QStringLiteral("house"), places.house},
                       {QStringLiteral("allocation"), places.allocation}};
}

} // namespace

QJsonObject salesFiguresJson(const domain::SalesFigures &figures)
{
    const db::EventStats &stats = figures.stats;
    QJsonObject out{{QStringLiteral("event_id"), figures.eventId},
                    {QStringLiteral("currency"), stats.currency},
                    {QStringLiteral("held_back"), heldBackJson(stats.places)},
                    {QStringLiteral("revenue_cents"), stats.revenueCents}};
    insertPlaces(out, stats.places);
    QJsonArray categories;
    for (const db::CategoryStats &category : stats.categories) {
        QJsonObject item{{QStringLiteral("id"), category.id},
                         {QStringLiteral("name"), category.name},
                         {QStringLiteral("color"), category.color},
                         {QStringLiteral("held_back"), category.places.heldBack()},
                         {QStringLiteral("revenue_cents"), category.revenueCents}};
        insertPlaces(item, category.places);
        categories.append(item);
    }
    out.insert(u"by_category", categories);
    QJsonArray channels;
    for (const db::ChannelStats &channel : stats.channels)
        channels.append(QJsonObject{{QStringLiteral("channel"), channel.channel},
                                    {QStringLiteral("sold"), channel.sold},
                                    {QStringLiteral("revenue_cents"), channel.revenueCents}});
    out.insert(u"by_channel", channels);
    QJsonArray hours;
    for (const db::HourStats &hour : stats.hours)
        hours.append(QJsonObject{{QStringLiteral("hour"), hour.hour.toUTC().toString(Qt::ISODate)},
                                 {QStringLiteral("online"), hour.online},
                                 {QStringLiteral("counter"), hour.counter}});
    out.insert(u"per_hour", hours);
    const domain::QueueGlance &queue = figures.queue;
    out.insert(u"queue",
               QJsonObject{{QStringLiteral("enabled"), stats.queueEnabled},
                           {QStringLiteral("live"), queue.live},
                           {QStringLiteral("waiting"), queue.waiting},
                           {QStringLiteral("active"), queue.active},
                           {QStringLiteral("admitted_last_minute"), queue.admittedLastMinute},
                           {QStringLiteral("eta_seconds"), queue.etaSeconds}});
    return out;
}

} // namespace boxoffice::server::api
