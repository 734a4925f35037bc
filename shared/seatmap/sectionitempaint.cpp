// SectionItem's painting, one function per level of detail (levelofdetail.h).
#include "sectionitem.h"

#include "seatcolours.h"

#include "levelofdetail.h"
#include "seatstamps.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <QVarLengthArray>

#include <cmath>

namespace boxoffice::seatmap {

namespace {

const QColor kSelection = SeatStamps::selectionColour();

/// Stamps and screen-space texts need circles to stay circles: scale and translation only, the
/// same scale on both axes (both apps' views only ever zoom and pan).
bool isUniformScale(const QTransform &t)
{
    return t.type() <= QTransform::TxScale && qFuzzyCompare(qAbs(t.m11()), qAbs(t.m22()));
}

QColor textColourOn(QRgb fill)
{
    return qGray(fill) < 140 ? QColor(Qt::white) : QColor(Qt::black);
}

} // namespace

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
        return;
    case Detail::Dots:
        paintDots(painter, exposed);
        return;
    case Detail::Seats:
    case Detail::Numbers:
        break;
    }
    const bool numbers = detail == Detail::Numbers;
    if (m_stamps && pixels <= levelofdetail::kStampsUpTo
        && isUniformScale(painter->worldTransform()))
        paintStamps(painter, exposed, pixels, numbers);
    else
        paintCircles(painter, exposed, pixels, numbers);
    if (levelofdetail::rowLabels(pixels))
        paintRowLabels(painter, exposed, pixels, lod);
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
    // The name (or, where it does not fit, the id) at the middle of the seats, 12 pixels high
    // at any zoom: laid out once, drawn in screen pixels.
    QFont font = painter->font();
    font.setBold(false);
    font.setPixelSize(12);
    if (font != m_nameFont) {
        m_nameFont = font;
        m_nameText = QStaticText(m_section.name);
        m_idText = QStaticText(m_section.id);
        for (QStaticText *text : {&m_nameText, &m_idText}) {
            text->setTextFormat(Qt::PlainText);
            text->prepare(QTransform(), font);
        }
    }
    const double height = QFontMetricsF(font).height();
    if (height / lod > m_bounds.height())
        return;
    for (const QStaticText *text : {&m_nameText, &m_idText}) {
        if (text->text().isEmpty() || text->size().width() / lod > m_labelRoom)
            continue;
        const QTransform world = painter->worldTransform();
        const QPointF centre = world.map(m_seatCentre);
        painter->setWorldTransform(QTransform());
        painter->setFont(font);
        painter->setPen(Qt::black);
        painter->drawStaticText(centre - QPointF(text->size().width(), text->size().height()) / 2,
                                *text);
        painter->setWorldTransform(world);
        break;
    }
}

void SectionItem::paintDots(QPainter *painter, const QRectF &exposed) const
{
    // Square, unantialiased dots batched per colour: at under 2 pixels the same to the eye as
    // round ones. In screen pixels they are whole-pixel rectangles (one drawRects per colour, the
    // raster engine's fastest fill), which keeps a whole stadium in view smooth.
    const QTransform world = painter->worldTransform();
    const bool screen = isUniformScale(world);
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

void SectionItem::paintNumbers(QPainter *painter, const QList<int> &seats, double pixels)
{
    if (seats.isEmpty())
        return;
    const QTransform world = painter->worldTransform();
    if (!isUniformScale(world) || !m_stamps) {
        // Rotated or skewed view: plain text in scene units.
        QFont font = painter->font();
        font.setBold(false);
        font.setPixelSize(qMax(1, int(m_radius * 0.95)));
        painter->setFont(font);
        for (int i : seats) {
            const QPointF p = m_positions.at(i);
            const auto [r, s] = m_refs.at(i);
            painter->setPen(textColourOn(colourOf(i)));
            painter->drawText(QRectF(p.x() - m_radius, p.y() - m_radius, 2 * m_radius, 2 * m_radius),
                              Qt::AlignCenter,
                              m_section.rows.at(r).seats.at(s).number);
        }
        return;
    }
    // Whole-pixel font sizes in screen space: digits are rasterised once per size and every
    // number is laid out once (QStaticText), not at every frame.
    QFont font = painter->font();
    font.setBold(false); // the painter state is shared: the last section's row labels were bold
    font.setPixelSize(levelofdetail::numberPixelSize(pixels));
    painter->setWorldTransform(QTransform());
    painter->setFont(font);
    QColor pen;
    for (int i : seats) {
        const auto [r, s] = m_refs.at(i);
        const QStaticText &text = m_stamps->text(m_section.rows.at(r).seats.at(s).number, font);
        const QColor colour = textColourOn(colourOf(i));
        if (colour != pen) {
            painter->setPen(colour);
            pen = colour;
        }
        const QSizeF size = text.size();
        painter->drawStaticText(world.map(m_positions.at(i))
                                    - QPointF(size.width(), size.height()) / 2,
                                text);
    }
    painter->setWorldTransform(world);
}

void SectionItem::paintRowLabels(QPainter *painter, const QRectF &exposed, double pixels, double lod)
{
    const QTransform world = painter->worldTransform();
    const bool screen = isUniformScale(world) && m_stamps;
    QFont font = painter->font();
    font.setBold(true);
    // At least 10 screen pixels high, so labels stay readable before seats get big.
    const int pixelSize = levelofdetail::rowLabelPixelSize(pixels);
    font.setPixelSize(screen ? pixelSize : qMax(1, int(pixelSize / lod)));
    const QFontMetricsF metrics(font);
    const double unit = screen ? 1 / lod : 1; // scene units per font unit
    painter->setPen(QColor(0x33, 0x33, 0x33));
    painter->setFont(font);
    for (int r = 0; r < m_section.rows.size(); ++r) {
        const core::Row &row = m_section.rows.at(r);
        if (row.seats.isEmpty() || row.label.isEmpty())
            continue;
        const QPointF first = row.seats.first().position;
        QPointF direction(-1, 0);
        if (row.seats.size() > 1) {
            const QPointF d = row.seats.at(0).position - row.seats.at(1).position;
            const double length = std::hypot(d.x(), d.y());
            if (length > 0)
                direction = d / length;
        }
        // The label sits before the first seat and extends away from the row, however long.
        const double width = metrics.horizontalAdvance(row.label) * unit;
        const double height = metrics.height() * unit;
        const double along = qAbs(direction.x()) * width + qAbs(direction.y()) * height;
        const QPointF centre = first + direction * (m_radius * 1.5 + along / 2);
        const QRectF box(centre.x() - width / 2, centre.y() - height / 2, width, height);
        if (!exposed.intersects(box))
            continue;
        if (!screen) {
            painter->drawText(box.adjusted(-1, 0, 1, 0), Qt::AlignCenter, row.label);
            continue;
        }
        const QStaticText &text = m_stamps->text(row.label, font);
        painter->setWorldTransform(QTransform());
        painter->drawStaticText(world.map(centre)
                                    - QPointF(text.size().width(), text.size().height()) / 2,
                                text);
        painter->setWorldTransform(world);
    }
}

} // namespace boxoffice::seatmap
