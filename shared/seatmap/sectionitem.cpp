#include "sectionitem.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <cmath>

namespace boxoffice::seatmap {

namespace {

const QColor kSelection(0xff, 0x8f, 0x00); // orange: unlike any usual category colour
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
                         const QHash<QString, QColor> &categoryColours)
    : m_index(sectionIndex)
    , m_section(section)
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

void SectionItem::setSeatColour(int flatIndex, const QColor &colour)
{
    if (flatIndex < 0 || flatIndex >= m_overrides.size())
        return;
    m_overrides[flatIndex] = colour.isValid() ? (colour.rgb() | 0xff000000u) : 0;
    m_hasOverrides = true;
}

void SectionItem::clearSeatColours()
{
    m_overrides.fill(0);
    m_hasOverrides = false;
}

void SectionItem::setSeatSelected(int flatIndex, bool selected)
{
    if (flatIndex >= 0 && flatIndex < m_selected.size())
        m_selected[flatIndex] = selected ? 1 : 0;
}

void SectionItem::clearSeatSelection()
{
    m_selected.fill(0);
}

void SectionItem::setOutlineSelected(bool selected)
{
    m_outlineSelected = selected;
    update();
}

QColor SectionItem::colourOf(int flatIndex) const
{
    const QRgb override = m_overrides.at(flatIndex);
    return QColor::fromRgb(override ? override : m_baseColours.at(flatIndex));
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
    const QRectF exposed = option->exposedRect.adjusted(-m_radius, -m_radius, m_radius, m_radius);

    // Outline: a light tint of the section's main colour.
    if (m_section.outline.size() >= 3) {
        QColor fill = m_mainColour;
        fill.setAlpha(pixels < 1.2 ? 150 : 28);
        painter->setBrush(fill);
        QPen pen(m_outlineSelected ? kSelection : m_mainColour.darker(130),
                 m_outlineSelected ? 2.5 : 1.0);
        pen.setCosmetic(true);
        if (m_outlineSelected)
            pen.setStyle(Qt::DashLine);
        painter->setPen(pen);
        painter->drawPolygon(m_section.outline);
    }

    if (pixels < 1.2) {
        // Far away: the section is one shape; seats would only be noise.
        if (m_section.outline.size() < 3 && !m_positions.isEmpty()) {
            QColor fill = m_mainColour;
            fill.setAlpha(170);
            painter->setPen(Qt::NoPen);
            painter->setBrush(fill);
            QRectF seats;
            for (const QPointF &p : std::as_const(m_positions))
                seats |= QRectF(p, QSizeF(0.01, 0.01));
            painter->drawRect(seats.adjusted(-m_radius, -m_radius, m_radius, m_radius));
        }
        // The name (or, where it does not fit, the id) at the middle of the seats.
        QFont font = painter->font();
        font.setPixelSize(qMax(1, int(12 / lod)));
        const QFontMetricsF metrics(font);
        QPointF centre;
        for (const QPointF &p : std::as_const(m_positions))
            centre += p;
        centre = m_positions.isEmpty() ? m_bounds.center() : centre / double(m_positions.size());
        const double room = m_labelRoom;
        for (const QString &text : {m_section.name, m_section.id}) {
            if (text.isEmpty() || metrics.horizontalAdvance(text) > room
                || metrics.height() > m_bounds.height())
                continue;
            painter->setFont(font);
            painter->setPen(Qt::black);
            painter->drawText(QRectF(centre.x() - room,
                                     centre.y() - metrics.height(),
                                     2 * room,
                                     2 * metrics.height()),
                              Qt::AlignCenter,
                              text);
            break;
        }
        return;
    }

    if (pixels < 3.5) {
        // Middle distance: round points, batched per colour.
        QHash<QRgb, QList<QPointF>> batches;
        QList<QPointF> selected;
        for (int i = 0; i < m_positions.size(); ++i) {
            const QPointF &p = m_positions.at(i);
            if (!exposed.contains(p))
                continue;
            if (m_selected.at(i))
                selected.append(p);
            else
                batches[colourOf(i).rgb()].append(p);
        }
        QPen pen;
        pen.setWidthF(2 * m_radius);
        // Below ~2 pixels a seat is a dot: square and without antialiasing is the same to the
        // eye and several times cheaper, which keeps panning a whole stadium smooth.
        const bool dots = pixels < 2;
        pen.setCapStyle(dots ? Qt::SquareCap : Qt::RoundCap);
        const bool antialiased = painter->testRenderHint(QPainter::Antialiasing);
        painter->setRenderHint(QPainter::Antialiasing, !dots && antialiased);
        for (auto it = batches.cbegin(); it != batches.cend(); ++it) {
            pen.setColor(QColor::fromRgb(it.key()));
            painter->setPen(pen);
            painter->drawPoints(it.value().constData(), int(it.value().size()));
        }
        if (!selected.isEmpty()) {
            pen.setColor(kSelection);
            painter->setPen(pen);
            painter->drawPoints(selected.constData(), int(selected.size()));
        }
        painter->setRenderHint(QPainter::Antialiasing, antialiased);
        return;
    }

    // Close up: seats as circles, then numbers and row labels.
    QPen seatPen(QColor(0, 0, 0, 90), 1);
    seatPen.setCosmetic(true);
    QPen selectedPen(kSelection, 3);
    selectedPen.setCosmetic(true);
    QRgb currentBrush = 0;
    painter->setPen(seatPen);
    const bool showNumbers = pixels > 9;
    QFont font = painter->font();
    font.setPixelSize(qMax(1, int(m_radius * 0.95)));
    painter->setFont(font);
    for (int i = 0; i < m_positions.size(); ++i) {
        const QPointF &p = m_positions.at(i);
        if (!exposed.contains(p))
            continue;
        const QRgb colour = colourOf(i).rgb();
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
        if (showNumbers) {
            const auto [r, s] = m_refs.at(i);
            painter->setPen(qGray(colour) < 140 ? Qt::white : Qt::black);
            painter->drawText(circle, Qt::AlignCenter, m_section.rows.at(r).seats.at(s).number);
            painter->setPen(seatPen);
        }
    }
    if (pixels > 4) {
        painter->setPen(QColor(0x33, 0x33, 0x33));
        QFont labelFont = painter->font();
        labelFont.setBold(true);
        // At least 10 screen pixels high, so labels stay readable before seats get big.
        labelFont.setPixelSize(qMax(1, int(qMax(m_radius * 1.1, 10 / lod))));
        painter->setFont(labelFont);
        for (int r = 0; r < m_section.rows.size(); ++r) {
            const core::Row &row = m_section.rows.at(r);
            if (row.seats.isEmpty())
                continue;
            QPointF first = row.seats.first().position;
            QPointF direction(-1, 0);
            if (row.seats.size() > 1) {
                const QPointF d = row.seats.at(0).position - row.seats.at(1).position;
                const double length = std::hypot(d.x(), d.y());
                if (length > 0)
                    direction = d / length;
            }
            // The label sits before the first seat and extends away from the row, however long.
            const QFontMetricsF metrics(labelFont);
            const double width = metrics.horizontalAdvance(row.label);
            const double height = metrics.height();
            const double along = qAbs(direction.x()) * width + qAbs(direction.y()) * height;
            const QPointF centre = first + direction * (m_radius * 1.5 + along / 2);
            const QRectF box(centre.x() - width / 2 - 1, centre.y() - height / 2, width + 2, height);
            if (exposed.intersects(box))
                painter->drawText(box, Qt::AlignCenter, row.label);
        }
    }
}

} // namespace boxoffice::seatmap
