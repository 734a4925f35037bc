// SPDX-License-Identifier: GPL-3.0-or-later
#include "deleteobjects.h"

#include <QCoreApplication>
#include <QSet>

namespace boxoffice::editor {

namespace {

template<typename T>
void removeIndexes(QList<T> &list, QList<int> indexes)
{
    std::sort(indexes.begin(), indexes.end(), std::greater<>());
    indexes.erase(std::unique(indexes.begin(), indexes.end()), indexes.end());
    for (int i : indexes) {
        if (i >= 0 && i < list.size())
            list.removeAt(i);
    }
}

} // namespace

DeleteObjects::DeleteObjects(Document *document,
                             const QList<core::SeatRef> &seats,
                             const QList<seatmap::ObjectRef> &objects)
    : VenueCommand(document,
                   QCoreApplication::translate("boxoffice::editor::Commands", "Delete"),
                   {ChangeEvent::Kind::Venue, {}})
{
    QList<core::SeatRef> sorted = seats;
    std::sort(sorted.begin(), sorted.end(), [](const core::SeatRef &a, const core::SeatRef &b) {
        return std::tie(a.section, a.row, a.seat) > std::tie(b.section, b.row, b.seat);
    });
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    QSet<QPair<int, int>> touchedRows;
    for (const core::SeatRef &ref : std::as_const(sorted)) {
        if (!m_other.isValid(ref))
            continue;
        m_other.sections[ref.section].rows[ref.row].seats.removeAt(ref.seat);
        touchedRows.insert({ref.section, ref.row});
    }
    QList<QPair<int, int>> rows(touchedRows.cbegin(), touchedRows.cend());
    std::sort(rows.begin(), rows.end(), std::greater<>());
    for (const auto &[s, r] : rows) {
        if (m_other.sections.at(s).rows.at(r).seats.isEmpty())
            m_other.sections[s].rows.removeAt(r);
    }
    QList<int> sections, areas, shapes;
    for (const seatmap::ObjectRef &ref : objects) {
        if (ref.kind == seatmap::ObjectRef::Kind::Section)
            sections.append(ref.index);
        else if (ref.kind == seatmap::ObjectRef::Kind::GaArea)
            areas.append(ref.index);
        else if (ref.kind == seatmap::ObjectRef::Kind::Shape)
            shapes.append(ref.index);
    }
    removeIndexes(m_other.sections, sections);
    removeIndexes(m_other.gaAreas, areas);
    removeIndexes(m_other.shapes, shapes);
}

} // namespace boxoffice::editor
