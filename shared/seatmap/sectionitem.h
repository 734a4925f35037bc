// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sectionlabels.h"

#include <core/section.h>

#include <QGraphicsItem>
#include <QHash>

namespace boxoffice::seatmap {

class SeatStamps;

/// One seated section: paints its outline and all of its seats in one item (thousands of seats
/// per item keep 60,000-seat venues smooth). The level of detail follows a seat's size on screen
/// (levelofdetail.h): zoomed out the section is a shape with its name, then seats are dots, then
/// pre-rendered stamps (SeatStamps) with row labels, and closer still the seat numbers. Texts are
/// drawn in screen pixels at whole pixel sizes, so zooming never lays out fonts at odd sizes.
class SectionItem : public QGraphicsItem
{
public:
    /// `stamps` (shared by the scene's sections, may be null) must outlive the item.
    SectionItem(int sectionIndex,
                const core::Section &section,
                const QHash<QString, QColor> &categoryColours,
                SeatStamps *stamps = nullptr);

    /// Replaces the section's data (seats moved, added, renumbered); keeps colour overrides by index
    /// when the seat count is unchanged.
    void setSection(const core::Section &section, const QHash<QString, QColor> &categoryColours);
    const core::Section &section() const { return m_section; }
    int sectionIndex() const { return m_index; }
    void setSectionIndex(int index) { m_index = index; }

    /// Number of seats (flat index = running count over rows).
    int seatCount() const { return int(m_positions.size()); }
    /// The (row, seat) of a flat index.
    QPair<int, int> rowSeat(int flatIndex) const { return m_refs.at(flatIndex); }
    /// Flat index of a seat, or -1.
    int flatIndex(int row, int seat) const;
    /// The nearest seat within the seat radius of `point`, or -1.
    int seatAt(QPointF point) const;
    /// Every seat whose centre lies in `rect`.
    QList<int> seatsIn(const QRectF &rect) const;
    double seatRadius() const { return m_radius; }

    /// Colour override of one seat (invalid colour = back to its category colour); false when
    /// nothing changed. Does not repaint: see updateSeats().
    bool setSeatColour(int flatIndex, const QColor &colour);
    void clearSeatColours();
    /// Marks a seat (de)selected; false when nothing changed. Does not repaint.
    bool setSeatSelected(int flatIndex, bool selected);
    bool isSeatSelected(int flatIndex) const { return m_selected.value(flatIndex) != 0; }
    /// What a change of the seat's colour or selection needs repainted (item coordinates).
    QRectF seatRect(int flatIndex) const;
    /// Repaints only the listed seats (their rectangles, merged when there are many).
    void updateSeats(const QList<int> &flatIndices);
    void clearSeatSelection();
    /// Whether the outline is drawn as selected.
    void setOutlineSelected(bool selected);

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    void rebuild(const QHash<QString, QColor> &categoryColours);
    QRgb colourOf(int flatIndex) const;
    void paintOutline(QPainter *painter, bool far) const;
    void paintName(QPainter *painter, double lod);
    void paintDots(QPainter *painter, const QRectF &exposed) const;
    /// Held and sold marks at a readable size where seats are too small to carry them.
    void paintFarMarks(QPainter *painter, const QRectF &exposed) const;
    void paintStamps(QPainter *painter, const QRectF &exposed, double pixels, bool numbers);
    void paintCircles(QPainter *painter, const QRectF &exposed, double pixels, bool numbers);
    void paintNumbers(QPainter *painter, const QList<int> &seats, double pixels) const;

    int m_index;
    core::Section m_section;
    QList<QPointF> m_positions;
    QList<QPair<int, int>> m_refs;
    QList<int> m_rowStart;
    QList<QRgb> m_baseColours;
    QList<QRgb> m_overrides; ///< 0 = none
    QList<quint8> m_selected;
    QColor m_mainColour;
    QPointF m_seatCentre; ///< where the name goes
    SectionName m_name;
    SeatStamps *m_stamps;
    QRectF m_bounds;
    double m_radius = 20;
    double m_labelRoom = 0; ///< widest section label that fits, venue units
    bool m_outlineSelected = false;
    bool m_hasOverrides = false;
};

} // namespace boxoffice::seatmap
