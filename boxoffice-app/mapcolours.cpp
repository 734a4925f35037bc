// SPDX-License-Identifier: GPL-3.0-or-later
#include "mapcolours.h"

#include <seatmap/seatcolours.h>

namespace boxoffice::app::MapColours {

QColor mine()
{
    return QColor(0x00, 0xc8, 0x53);
}

QColor held()
{
    return QColor(0xc9, 0xb8, 0xe8);
}

QColor sold()
{
    return QColor(0x61, 0x61, 0x61);
}

QColor blocked()
{
    return QColor(0x21, 0x21, 0x21);
}

QColor allocation()
{
    return QColor(0x00, 0x83, 0x8f);
}

QColor flag()
{
    return QColor(0x15, 0x65, 0xc0);
}

QColor status(const QString &status)
{
    if (status == u"mine")
        return mine();
    if (status == u"held")
        return held();
    if (status == u"sold")
        return sold();
    if (status == u"blocked")
        return blocked();
    return {};
}

void registerMarks()
{
    seatmap::SeatColours::setMark(held().rgb(), seatmap::SeatMark::Ring);
    seatmap::SeatColours::setMark(sold().rgb(), seatmap::SeatMark::Cross);
}

void makeDistinct(core::Venue &venue, EventInfo &event)
{
    QList<QColor> wanted;
    for (const core::Category &c : std::as_const(venue.categories)) {
        const PriceCategory *priced = event.category(c.id);
        wanted.append(priced && priced->colour.isValid() ? priced->colour : c.colour);
    }
    const QList<QColor> shown
        = seatmap::SeatColours::distinct(wanted,
                                         {mine(), held(), sold(), blocked(), allocation(), flag()});
    for (int i = 0; i < venue.categories.size(); ++i) {
        venue.categories[i].colour = shown.at(i);
        for (PriceCategory &c : event.categories)
            if (c.id == venue.categories.at(i).id)
                c.colour = shown.at(i);
    }
}

} // namespace boxoffice::app::MapColours
