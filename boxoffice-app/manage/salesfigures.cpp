// SPDX-License-Identifier: GPL-3.0-or-later
#include "salesfigures.h"

#include <QJsonArray>

namespace boxoffice::app {

namespace {
qint64 number(const QJsonObject &o, QStringView key)
{
    return o.value(key).toInteger();
}
} // namespace

SalesFigures SalesFigures::fromJson(const QJsonObject &stats)
{
    SalesFigures out;
    out.eventId = stats.value(u"event_id").toString();
    out.currency = stats.value(u"currency").toString();
    out.capacity = number(stats, u"capacity");
    out.places.available = number(stats, u"available");
    out.places.held = number(stats, u"held");
    out.places.sold = number(stats, u"sold");
    out.places.comps = number(stats, u"comps");
    const QJsonObject back = stats.value(u"held_back").toObject();
    out.places.kill = number(back, u"kill");
    out.places.house = number(back, u"house");
    out.places.allocation = number(back, u"allocation");
    out.revenueCents = number(stats, u"revenue_cents");
    for (const QJsonValue &v : stats.value(u"by_category").toArray()) {
        const QJsonObject c = v.toObject();
        out.categories.append({c.value(u"id").toString(),
                               c.value(u"name").toString(),
                               QColor(c.value(u"color").toString()),
                               number(c, u"capacity"),
                               number(c, u"available"),
                               number(c, u"held"),
                               number(c, u"sold"),
                               number(c, u"comps"),
                               number(c, u"held_back"),
                               number(c, u"revenue_cents")});
    }
    for (const QJsonValue &v : stats.value(u"by_channel").toArray()) {
        const QJsonObject c = v.toObject();
        if (c.value(u"channel").toString() == u"online")
            out.onlineSold = number(c, u"sold");
        else if (c.value(u"channel").toString() == u"counter")
            out.counterSold = number(c, u"sold");
    }
    for (const QJsonValue &v : stats.value(u"per_hour").toArray()) {
        const QJsonObject h = v.toObject();
        out.hours.append({QDateTime::fromString(h.value(u"hour").toString(), Qt::ISODate),
                          number(h, u"online"),
                          number(h, u"counter")});
    }
    const QJsonObject queue = stats.value(u"queue").toObject();
    out.queue = {queue.value(u"enabled").toBool(),
                 queue.value(u"live").toBool(),
                 number(queue, u"waiting"),
                 number(queue, u"active"),
                 number(queue, u"admitted_last_minute"),
                 number(queue, u"eta_seconds")};
    return out;
}

} // namespace boxoffice::app
