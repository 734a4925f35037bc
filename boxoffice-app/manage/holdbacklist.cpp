// SPDX-License-Identifier: GPL-3.0-or-later
#include "holdbacklist.h"

#include "mapcolours.h"

#include <seatmap/seatcolours.h>

#include <QJsonArray>

namespace boxoffice::app {

HoldbackList HoldbackList::fromJson(const QJsonObject &json)
{
    HoldbackList list;
    const QJsonArray items = json.value(u"items").toArray();
    list.seats.reserve(items.size());
    for (const QJsonValue &v : items) {
        const QJsonObject o = v.toObject();
        list.seats.insert(o.value(u"seat_id").toString(),
                          {o.value(u"kind").toString(), o.value(u"allocation").toString()});
    }
    for (const QJsonValue &v : json.value(u"allocations").toArray()) {
        const QJsonObject o = v.toObject();
        list.allocations.append({o.value(u"name").toString(),
                                 o.value(u"seats").toInt(),
                                 o.value(u"counter_sale").toBool()});
    }
    std::sort(list.allocations.begin(), list.allocations.end(), [](const auto &a, const auto &b) {
        return a.name.localeAwareCompare(b.name) < 0;
    });
    return list;
}

int HoldbackList::count(const QString &kind, const QString &allocation) const
{
    int n = 0;
    for (const Seat &seat : seats)
        if (seat.kind == kind && (allocation.isEmpty() || seat.allocation == allocation))
            ++n;
    return n;
}

const HoldbackList::Allocation *HoldbackList::allocation(const QString &name) const
{
    for (const Allocation &a : allocations)
        if (a.name == name)
            return &a;
    return nullptr;
}

namespace HoldbackColours {

QColor kill()
{
    return QColor(0x26, 0x32, 0x38);
}

QColor house()
{
    return QColor(0x8e, 0x24, 0xaa);
}

QColor allocation()
{
    return MapColours::allocation(); // the counter's map shows them alike
}

QColor of(const QString &kind)
{
    if (kind == u"kill")
        return kill();
    if (kind == u"house")
        return house();
    if (kind == u"allocation")
        return allocation();
    return {};
}

void registerMarks()
{
    seatmap::SeatColours::setMark(kill().rgb(), seatmap::SeatMark::Cross);
    seatmap::SeatColours::setMark(house().rgb(), seatmap::SeatMark::Ring);
}

} // namespace HoldbackColours

} // namespace boxoffice::app
