// SPDX-License-Identifier: GPL-3.0-or-later
#include "seatselection.h"

namespace boxoffice::app {

QStringList SeatSelection::ids() const
{
    QStringList out(m_ids.cbegin(), m_ids.cend());
    out.sort();
    return out;
}

void SeatSelection::set(const QStringList &seatIds)
{
    m_ids = QSet<QString>(seatIds.cbegin(), seatIds.cend());
}

void SeatSelection::toggle(const QStringList &seatIds)
{
    bool all = !seatIds.isEmpty();
    for (const QString &id : seatIds)
        all = all && m_ids.contains(id);
    for (const QString &id : seatIds) {
        if (all)
            m_ids.remove(id);
        else
            m_ids.insert(id);
    }
}

void SeatSelection::add(const QStringList &seatIds)
{
    for (const QString &id : seatIds)
        m_ids.insert(id);
}

QStringList SeatSelection::sectionSeats(const core::Venue &venue, const QString &sectionId)
{
    const int index = venue.findSection(sectionId);
    if (index < 0)
        return {};
    QStringList ids;
    for (const core::Row &row : venue.sections.at(index).rows)
        for (const core::Seat &seat : row.seats)
            ids.append(seat.id);
    return ids;
}

} // namespace boxoffice::app
