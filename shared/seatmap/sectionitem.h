#pragma once

#include <core/section.h>

#include <QGraphicsItem>
#include <QHash>

namespace boxoffice::seatmap {

/// One seated section: paints its outline and all of its seats in one item (thousands of seats
/// per item keep 60,000-seat venues smooth). Zoomed out it draws the section as a shape, zoomed
/// in it draws seats, and closer still the seat numbers and row labels.
class SectionItem : public QGraphicsItem
{
public:
    SectionItem(int sectionIndex,
                const core::Section &section,
                const QHash<QString, QColor> &categoryColours);

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

    /// Colour override of one seat (invalid colour = back to its category colour).
    void setSeatColour(int flatIndex, const QColor &colour);
    void clearSeatColours();
    void setSeatSelected(int flatIndex, bool selected);
    void clearSeatSelection();
    /// Whether the outline is drawn as selected.
    void setOutlineSelected(bool selected);

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    void rebuild(const QHash<QString, QColor> &categoryColours);
    QColor colourOf(int flatIndex) const;

    int m_index;
    core::Section m_section;
    QList<QPointF> m_positions;
    QList<QPair<int, int>> m_refs;
    QList<int> m_rowStart;
    QList<QRgb> m_baseColours;
    QList<QRgb> m_overrides; ///< 0 = none
    QList<quint8> m_selected;
    QColor m_mainColour;
    QRectF m_bounds;
    double m_radius = 20;
    double m_labelRoom = 0; ///< widest section label that fits, venue units
    bool m_outlineSelected = false;
    bool m_hasOverrides = false;
};

} // namespace boxoffice::seatmap
