// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/venue.h>

#include <QSet>
#include <QStringList>

namespace boxoffice::app {

/// The seats selected on a manager's map page (seats held back, prices on the map): a click
/// toggles, a dragged band or a whole section adds; ids() lists them sorted.
class SeatSelection
{
public:
    QStringList ids() const;
    void set(const QStringList &seatIds);
    /// Toggles `seatIds` as a whole (a Shift-clicked row): all selected -> none, else all.
    void toggle(const QStringList &seatIds);
    void add(const QStringList &seatIds);
    void clear() { m_ids.clear(); }

    bool isEmpty() const { return m_ids.isEmpty(); }
    qsizetype size() const { return m_ids.size(); }
    bool contains(const QString &seatId) const { return m_ids.contains(seatId); }
    QSet<QString>::const_iterator begin() const { return m_ids.cbegin(); }
    QSet<QString>::const_iterator end() const { return m_ids.cend(); }

    /// Every seat of section `sectionId` of `venue` (none for an unknown section).
    static QStringList sectionSeats(const core::Venue &venue, const QString &sectionId);

private:
    QSet<QString> m_ids;
};

} // namespace boxoffice::app
