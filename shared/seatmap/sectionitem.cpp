#include "sectionitem.h"

#include "dirtyrects.h"
#include "levelofdetail.h"
#include "seatstamps.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <cmath>

namespace boxoffice::seatmap {

namespace {

const QColor kUncategorised(0x9e, 0x9e, 0x9e);

/// Half the smallest distance between neighbours in a row, so seats never overlap when drawn.
double seatRadiusOf(const core::Section &section)
{
    double best = 1e9;
    for (const core::Row &row : section.rows) {
        for (qsizetype i = 1; i < row.seats.size(); ++i) {
            const QPointF d = row.seats.at(i).position - row.seats.at(i - 1).position;
            const double distance = std::hypot(d.x(), d.y());
            if (distance >= 10) // overlapping seats (an error) must not shrink every seat
                best = qMin(best, distance);
        }
    }
    if (best > 1e8)
        return 20;
    return qBound(1.0, best * 0.42, 200.0);
}

} // namespace

SectionItem::SectionItem(int sectionIndex,
                         const core::Section &section,
                         const QHash<QString, QColor> &categoryColours,
                         SeatStamps *stamps)
    : m_index(sectionIndex)
    , m_section(section)
    , m_stamps(stamps)
{
    setFlag(ItemUsesExtendedStyleOption);
    rebuild(categoryColours);
}

void SectionItem::setSection(const core::Section &section,
                             const QHash<QString, QColor> &categoryColours)
{
    prepareGeometryChange();
    m_section = section;
    const qsizetype oldCount = m_positions.size();
    const QList<QRgb> overrides = m_overrides;
    rebuild(categoryColours);
    if (oldCount == m_positions.size() && m_hasOverrides)
        m_overrides = overrides;
    else
        m_hasOverrides = false;
    update();
}

void SectionItem::rebuild(const QHash<QString, QColor> &categoryColours)
{
    m_positions.clear();
    m_refs.clear();
    m_rowStart.clear();
    m_baseColours.clear();
    QHash<QRgb, int> colourCounts;
    for (int r = 0; r < m_section.rows.size(); ++r) {
        const core::Row &row = m_section.rows.at(r);
        m_rowStart.append(int(m_positions.size()));
        for (int i = 0; i < row.seats.size(); ++i) {
            const core::Seat &seat = row.seats.at(i);
            m_positions.append(seat.position);
            m_refs.append({r, i});
            const QColor colour = categoryColours.value(seat.categoryId, kUncategorised);
            m_baseColours.append(colour.rgb());
            ++colourCounts[colour.rgb()];
        }
    }
    m_overrides = QList<QRgb>(m_positions.size(), 0);
    m_selected = QList<quint8>(m_positions.size(), 0);
    m_radius = seatRadiusOf(m_section);
    QRgb main = kUncategorised.rgb();
    int best = 0;
    for (auto it = colourCounts.cbegin(); it != colourCounts.cend(); ++it) {
        if (it.value() > best) {
            best = it.value();
            main = it.key();
        }
    }
    m_mainColour = QColor::fromRgb(main);
    QPointF centre;
    for (const QPointF &p : std::as_const(m_positions))
        centre += p;
    m_nameFont = QFont(); // lay the names out again at the next paint

    QRectF bounds = m_section.outline.boundingRect();
    for (const QPointF &p : std::as_const(m_positions))
        bounds |= QRectF(p.x() - m_radius, p.y() - m_radius, 2 * m_radius, 2 * m_radius);
    // How wide a label may be: the outline's area over its longest side approximates the
    // thickness of slanted shapes (wedges) better than the bounding box does.
    const QRectF outlineBounds = m_section.outline.size() >= 3 ? m_section.outline.boundingRect()
                                                               : bounds;
    double area = 0;
    for (qsizetype i = 0; i < m_section.outline.size(); ++i) {
        const QPointF a = m_section.outline.at(i);
        const QPointF b = m_section.outline.at((i + 1) % m_section.outline.size());
        area += a.x() * b.y() - b.x() * a.y();
    }
    area = m_section.outline.size() >= 3 ? qAbs(area) / 2
                                         : outlineBounds.width() * outlineBounds.height();
    const double longest = qMax(1.0, qMax(outlineBounds.width(), outlineBounds.height()));
    m_labelRoom = 0.9 * qMin(area / longest, qMin(outlineBounds.width(), outlineBounds.height()));

    // Room for row labels left of the rows and the selection outline.
    m_bounds = bounds.adjusted(-4 * m_radius, -2 * m_radius, 4 * m_radius, 2 * m_radius);
    m_seatCentre = m_positions.isEmpty() ? m_bounds.center() : centre / double(m_positions.size());
}

int SectionItem::flatIndex(int row, int seat) const
{
    if (row < 0 || row >= m_rowStart.size() || seat < 0
        || seat >= m_section.rows.at(row).seats.size())
        return -1;
    return m_rowStart.at(row) + seat;
}

int SectionItem::seatAt(QPointF point) const
{
    if (!m_bounds.contains(point))
        return -1;
    int best = -1;
    double bestDistance = m_radius * 1.1;
    for (int i = 0; i < m_positions.size(); ++i) {
        const QPointF d = m_positions.at(i) - point;
        if (qAbs(d.x()) > bestDistance || qAbs(d.y()) > bestDistance)
            continue;
        const double distance = std::hypot(d.x(), d.y());
        if (distance <= bestDistance) {
            bestDistance = distance;
            best = i;
        }
    }
    return best;
}

QList<int> SectionItem::seatsIn(const QRectF &rect) const
{
    QList<int> result;
    if (!m_bounds.intersects(rect))
        return result;
    for (int i = 0; i < m_positions.size(); ++i) {
        if (rect.contains(m_positions.at(i)))
            result.append(i);
    }
    return result;
}

bool SectionItem::setSeatColour(int flatIndex, const QColor &colour)
{
    if (flatIndex < 0 || flatIndex >= m_overrides.size())
        return false;
    const QRgb value = colour.isValid() ? (colour.rgb() | 0xff000000u) : 0;
    if (m_overrides.at(flatIndex) == value)
        return false;
    m_overrides[flatIndex] = value;
    m_hasOverrides = true;
    return true;
}

void SectionItem::clearSeatColours()
{
    m_overrides.fill(0);
    m_hasOverrides = false;
}

bool SectionItem::setSeatSelected(int flatIndex, bool selected)
{
    if (flatIndex < 0 || flatIndex >= m_selected.size()
        || bool(m_selected.at(flatIndex)) == selected)
        return false;
    m_selected[flatIndex] = selected ? 1 : 0;
    return true;
}

QRectF SectionItem::seatRect(int flatIndex) const
{
    if (flatIndex < 0 || flatIndex >= m_positions.size())
        return {};
    // 1.5 radii: the selection ring (3 screen pixels, centred on the edge) reaches 1.5 pixels
    // out, which is under half a radius wherever rings are drawn (radius >= 3.5 pixels).
    const QPointF p = m_positions.at(flatIndex);
    const double r = 1.5 * m_radius;
    return QRectF(p.x() - r, p.y() - r, 2 * r, 2 * r);
}

void SectionItem::updateSeats(const QList<int> &flatIndices)
{
    QList<QRectF> rects;
    rects.reserve(flatIndices.size());
    for (int flat : flatIndices)
        rects.append(seatRect(flat));
    for (const QRectF &rect : dirtyRects(rects))
        update(rect);
}

void SectionItem::clearSeatSelection()
{
    m_selected.fill(0);
}

void SectionItem::setOutlineSelected(bool selected)
{
    if (m_outlineSelected == selected)
        return; // a selection change elsewhere must not repaint the whole section
    m_outlineSelected = selected;
    update();
}

QRgb SectionItem::colourOf(int flatIndex) const
{
    const QRgb override = m_overrides.at(flatIndex);
    return override ? override : m_baseColours.at(flatIndex);
}

QRectF SectionItem::boundingRect() const
{
    return m_bounds;
}

QPainterPath SectionItem::shape() const
{
    QPainterPath path;
    if (m_section.outline.size() >= 3)
        path.addPolygon(m_section.outline);
    else
        path.addRect(m_bounds);
    return path;
}

} // namespace boxoffice::seatmap
