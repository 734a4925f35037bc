// SPDX-License-Identifier: GPL-3.0-or-later
#include "venue.h"

namespace boxoffice::core {

qsizetype Venue::seatCount() const
{
    qsizetype count = 0;
    for (const Section &section : sections) {
        for (const Row &row : section.rows)
            count += row.seats.size();
    }
    return count;
}

qint64 Venue::gaCapacity() const
{
    qint64 total = 0;
    for (const GaArea &area : gaAreas)
        total += area.capacity;
    return total;
}

const Seat &Venue::seat(SeatRef ref) const
{
    return sections.at(ref.section).rows.at(ref.row).seats.at(ref.seat);
}

Seat &Venue::seat(SeatRef ref)
{
    return sections[ref.section].rows[ref.row].seats[ref.seat];
}

bool Venue::isValid(SeatRef ref) const
{
    if (ref.section < 0 || ref.section >= sections.size())
        return false;
    const Section &section = sections.at(ref.section);
    if (ref.row < 0 || ref.row >= section.rows.size())
        return false;
    return ref.seat >= 0 && ref.seat < section.rows.at(ref.row).seats.size();
}

void Venue::rebuildSeatIndex()
{
    m_seatIndex.clear();
    m_seatIndex.reserve(seatCount());
    for (int s = 0; s < sections.size(); ++s) {
        const Section &section = sections.at(s);
        for (int r = 0; r < section.rows.size(); ++r) {
            const QList<Seat> &seats = section.rows.at(r).seats;
            for (int i = 0; i < seats.size(); ++i) {
                // Duplicate ids are a reader error; should an editor create one, the first seat
                // wins so that findSeat() agrees with a scan.
                if (!m_seatIndex.contains(seats.at(i).id))
                    m_seatIndex.insert(seats.at(i).id, SeatRef{s, r, i});
            }
        }
    }
}

std::optional<SeatRef> Venue::findSeat(QStringView seatId) const
{
    const auto it = m_seatIndex.constFind(seatId.toString());
    if (it != m_seatIndex.constEnd() && isValid(it.value()) && seat(it.value()).id == seatId)
        return it.value();
    for (int s = 0; s < sections.size(); ++s) {
        const Section &section = sections.at(s);
        for (int r = 0; r < section.rows.size(); ++r) {
            const QList<Seat> &seats = section.rows.at(r).seats;
            for (int i = 0; i < seats.size(); ++i) {
                if (seats.at(i).id == seatId)
                    return SeatRef{s, r, i};
            }
        }
    }
    return std::nullopt;
}

const Category *Venue::findCategory(QStringView categoryId) const
{
    for (const Category &category : categories) {
        if (category.id == categoryId)
            return &category;
    }
    return nullptr;
}

int Venue::findSection(QStringView sectionId) const
{
    for (int i = 0; i < sections.size(); ++i) {
        if (sections.at(i).id == sectionId)
            return i;
    }
    return -1;
}

const GaArea *Venue::findGaArea(QStringView gaId) const
{
    for (const GaArea &area : gaAreas) {
        if (area.id == gaId)
            return &area;
    }
    return nullptr;
}

void Venue::forEachSeat(
    const std::function<void(const Section &, const Row &, const Seat &, SeatRef)> &visit) const
{
    for (int s = 0; s < sections.size(); ++s) {
        const Section &section = sections.at(s);
        for (int r = 0; r < section.rows.size(); ++r) {
            const Row &row = section.rows.at(r);
            for (int i = 0; i < row.seats.size(); ++i)
                visit(section, row, row.seats.at(i), SeatRef{s, r, i});
        }
    }
}

bool Venue::operator==(const Venue &other) const
{
    return id == other.id && name == other.name && size == other.size
           && focalPoint == other.focalPoint && timeZone == other.timeZone
           && categories == other.categories && sections == other.sections
           && gaAreas == other.gaAreas && shapes == other.shapes;
}

} // namespace boxoffice::core
