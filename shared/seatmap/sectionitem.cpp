// SPDX-License-Identifier: GPL-3.0-or-later
#include "sectionitem.h"

#include "dirtyrects.h"
#include "levelofdetail.h"
#include "seatcolours.h"
#include "seatstamps.h"
#include "sectionlabels.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <cmath>

namespace boxoffice::seatmap {

namespace {

const QColor kUncategorised(0x9e, 0x9e, 0x9e);
const QColor kSelection = SeatStamps::selectionColour();

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
    m_name.reset(); // lay the names out again at the next paint

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

void SectionItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const double lod = QStyleOptionGraphicsItem::levelOfDetailFromTransform(
        painter->worldTransform());
    const double pixels = m_radius * lod;
    const Detail detail = levelofdetail::detailFor(pixels);
    const QRectF exposed = option->exposedRect.adjusted(-m_radius, -m_radius, m_radius, m_radius);

    paintOutline(painter, detail == Detail::Sections);
    switch (detail) {
    case Detail::Sections:
        paintName(painter, lod);
        paintFarMarks(painter, exposed);
        return;
    case Detail::Dots:
        paintDots(painter, exposed);
        paintFarMarks(painter, exposed);
        return;
    case Detail::Seats:
    case Detail::Numbers:
        break;
    }
    const bool numbers = detail == Detail::Numbers;
    if (m_stamps && pixels <= levelofdetail::kStampsUpTo
        && sectionlabels::isUniformScale(painter->worldTransform()))
        paintStamps(painter, exposed, pixels, numbers);
    else
        paintCircles(painter, exposed, pixels, numbers);
    if (levelofdetail::rowLabels(pixels))
        sectionlabels::paintRowLabels(painter, m_section, exposed, m_radius, pixels, lod, m_stamps);
}

void SectionItem::paintOutline(QPainter *painter, bool far) const
{
    // A light tint of the section's main colour; zoomed out, a strong one (the seats are hidden).
    if (m_section.outline.size() < 3)
        return;
    QColor fill = m_mainColour;
    fill.setAlpha(far ? 150 : 28);
    // The fill without antialiasing (the antialiased outline covers its edge): several times
    // cheaper for sections that cover much of the screen.
    const bool antialiased = painter->testRenderHint(QPainter::Antialiasing);
    painter->setRenderHint(QPainter::Antialiasing, false);
    painter->setPen(Qt::NoPen);
    painter->setBrush(fill);
    painter->drawPolygon(m_section.outline);
    painter->setRenderHint(QPainter::Antialiasing, antialiased);
    QPen pen(m_outlineSelected ? kSelection : m_mainColour.darker(130),
             m_outlineSelected ? 2.5 : 1.0);
    pen.setCosmetic(true);
    if (m_outlineSelected)
        pen.setStyle(Qt::DashLine);
    painter->setPen(pen);
    painter->setBrush(Qt::NoBrush);
    painter->drawPolygon(m_section.outline);
}

void SectionItem::paintName(QPainter *painter, double lod)
{
    if (m_section.outline.size() < 3 && !m_positions.isEmpty()) {
        // No outline: the seats' bounding box stands in for the shape.
        QColor fill = m_mainColour;
        fill.setAlpha(170);
        painter->setPen(Qt::NoPen);
        painter->setBrush(fill);
        QRectF seats;
        for (const QPointF &p : std::as_const(m_positions))
            seats |= QRectF(p, QSizeF(0.01, 0.01));
        painter->drawRect(seats.adjusted(-m_radius, -m_radius, m_radius, m_radius));
    }
    m_name.paint(painter, m_section, m_seatCentre, m_labelRoom, m_bounds.height(), lod);
}

void SectionItem::paintNumbers(QPainter *painter, const QList<int> &seats, double pixels) const
{
    QList<sectionlabels::NumberedSeat> numbered;
    numbered.reserve(seats.size());
    for (int i : seats) {
        const auto [r, s] = m_refs.at(i);
        numbered.append({m_positions.at(i), m_section.rows.at(r).seats.at(s).number, colourOf(i)});
    }
    sectionlabels::paintSeatNumbers(painter, numbered, m_radius, pixels, m_stamps);
}

void SectionItem::paintDots(QPainter *painter, const QRectF &exposed) const
{
    // Square, unantialiased dots batched per colour: at under 2 pixels the same to the eye as
    // round ones. In screen pixels they are whole-pixel rectangles (one drawRects per colour, the
    // raster engine's fastest fill), which keeps a whole stadium in view smooth.
    const QTransform world = painter->worldTransform();
    const bool screen = sectionlabels::isUniformScale(world);
    const double lod = QStyleOptionGraphicsItem::levelOfDetailFromTransform(world);
    const int side = qMax(1, int(std::lround(2 * m_radius * lod)));
    QHash<QRgb, QList<QRect>> rects;
    QHash<QRgb, QList<QPointF>> points;
    for (int i = 0; i < m_positions.size(); ++i) {
        const QPointF &p = m_positions.at(i);
        if (!exposed.contains(p))
            continue;
        const QRgb colour = m_selected.at(i) ? kSelection.rgb() : colourOf(i);
        if (screen) {
            const QPointF d = world.map(p);
            rects[colour].append(QRect(int(std::floor(d.x() - side / 2.0 + 0.5)),
                                       int(std::floor(d.y() - side / 2.0 + 0.5)),
                                       side,
                                       side));
        } else {
            points[colour].append(p);
        }
    }
    const bool antialiased = painter->testRenderHint(QPainter::Antialiasing);
    painter->setRenderHint(QPainter::Antialiasing, false);
    if (screen) {
        painter->setWorldTransform(QTransform());
        painter->setPen(Qt::NoPen);
        for (auto it = rects.cbegin(); it != rects.cend(); ++it) {
            painter->setBrush(QColor::fromRgb(it.key()));
            painter->drawRects(it.value().constData(), int(it.value().size()));
        }
        painter->setWorldTransform(world);
    } else {
        QPen pen;
        pen.setWidthF(2 * m_radius);
        pen.setCapStyle(Qt::SquareCap);
        for (auto it = points.cbegin(); it != points.cend(); ++it) {
            pen.setColor(QColor::fromRgb(it.key()));
            painter->setPen(pen);
            painter->drawPoints(it.value().constData(), int(it.value().size()));
        }
    }
    painter->setRenderHint(QPainter::Antialiasing, antialiased);
}

void SectionItem::paintFarMarks(QPainter *painter, const QRectF &exposed) const
{
    // Zoomed out, seats are specks or not drawn at all; held and sold seats keep a mark the size
    // of a close-up seat's, so the clerk still sees where the house is taken.
    if (!m_hasOverrides)
        return;
    constexpr double kMarkRadius = 3.5; // screen pixels
    const QTransform world = painter->worldTransform();
    painter->setWorldTransform(QTransform());
    const bool antialiased = painter->testRenderHint(QPainter::Antialiasing);
    painter->setRenderHint(QPainter::Antialiasing, false);
    painter->setPen(Qt::NoPen);
    for (int i = 0; i < m_positions.size(); ++i) {
        if (!m_overrides.at(i) || !exposed.contains(m_positions.at(i)))
            continue;
        const QRgb colour = m_overrides.at(i);
        const SeatMark mark = SeatColours::mark(colour);
        if (mark == SeatMark::None)
            continue;
        const QPointF centre = world.map(m_positions.at(i));
        painter->setBrush(QColor::fromRgb(colour));
        painter->drawRect(QRectF(centre - QPointF(kMarkRadius, kMarkRadius),
                                 QSizeF(2 * kMarkRadius, 2 * kMarkRadius)));
        SeatColours::paintMark(*painter, centre, kMarkRadius * 1.6, mark);
        painter->setPen(Qt::NoPen);
    }
    painter->setRenderHint(QPainter::Antialiasing, antialiased);
    painter->setWorldTransform(world);
}

void SectionItem::paintStamps(QPainter *painter, const QRectF &exposed, double pixels, bool numbers)
{
    // One unscaled image copy per seat, in screen pixels; the stamp of the previous seat is
    // usually the right one (rows share a category).
    const QTransform world = painter->worldTransform();
    const qreal dpr = painter->device() ? painter->device()->devicePixelRatio() : 1.0;
    const double radius = levelofdetail::stampRadius(pixels);
    QList<int> visible;
    painter->setWorldTransform(QTransform());
    QRgb lastColour = 0;
    bool lastSelected = false;
    const QImage *stamp = nullptr;
    for (int i = 0; i < m_positions.size(); ++i) {
        const QPointF &p = m_positions.at(i);
        if (!exposed.contains(p))
            continue;
        const QRgb colour = colourOf(i);
        const bool selected = m_selected.at(i);
        if (!stamp || colour != lastColour || selected != lastSelected) {
            stamp = &m_stamps->stamp(colour, selected, radius, dpr);
            lastColour = colour;
            lastSelected = selected;
        }
        painter->drawImage(SeatStamps::topLeft(*stamp, world.map(p)), *stamp);
        if (numbers)
            visible.append(i);
    }
    painter->setWorldTransform(world);
    if (numbers)
        paintNumbers(painter, visible, pixels);
}

void SectionItem::paintCircles(QPainter *painter, const QRectF &exposed, double pixels, bool numbers)
{
    // Vector circles: very close up (few seats visible) or under a rotated or skewed view.
    QPen seatPen(QColor(0, 0, 0, 90), 1);
    seatPen.setCosmetic(true);
    QPen selectedPen(kSelection, 3);
    selectedPen.setCosmetic(true);
    QRgb currentBrush = 0;
    painter->setPen(seatPen);
    QList<int> visible;
    for (int i = 0; i < m_positions.size(); ++i) {
        const QPointF &p = m_positions.at(i);
        if (!exposed.contains(p))
            continue;
        const QRgb colour = colourOf(i);
        if (colour != currentBrush) {
            painter->setBrush(QColor::fromRgb(colour));
            currentBrush = colour;
        }
        const QRectF circle(p.x() - m_radius, p.y() - m_radius, 2 * m_radius, 2 * m_radius);
        if (m_selected.at(i)) {
            painter->setPen(selectedPen);
            painter->drawEllipse(circle);
            painter->setPen(seatPen);
        } else {
            painter->drawEllipse(circle);
        }
        if (const SeatMark mark = SeatColours::mark(colour); mark != SeatMark::None) {
            SeatColours::paintMark(*painter, p, m_radius, mark);
            painter->setPen(seatPen);
            painter->setBrush(QColor::fromRgb(colour));
        }
        if (numbers)
            visible.append(i);
    }
    if (numbers)
        paintNumbers(painter, visible, pixels);
}

} // namespace boxoffice::seatmap
