// SPDX-License-Identifier: GPL-3.0-or-later
#include "seatmapscene.h"

#include "objectitem.h"
#include "sectionitem.h"

#include <core/geometry.h>

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <cmath>

namespace boxoffice::seatmap {

SeatMapScene::SeatMapScene(QObject *parent)
    : QGraphicsScene(parent)
{
    // Items are few and large; the BSP index only costs time on every update.
    setItemIndexMethod(NoIndex);
}

SeatMapScene::~SeatMapScene()
{
    // The items use m_stamps, which goes before QGraphicsScene's destructor deletes them.
    clear();
    m_sections.clear();
    m_objects.clear();
}

QHash<QString, QColor> SeatMapScene::categoryColours() const
{
    QHash<QString, QColor> colours;
    for (const core::Category &category : m_venue.categories)
        colours.insert(category.id, category.colour);
    return colours;
}

void SeatMapScene::setVenue(const core::Venue &venue)
{
    m_venue = venue;
    m_selectedSeats.clear();
    m_selectedObjects.clear();
    qDeleteAll(m_sections);
    m_sections.clear();
    const QHash<QString, QColor> colours = categoryColours();
    for (int s = 0; s < venue.sections.size(); ++s) {
        auto *item = new SectionItem(s, venue.sections.at(s), colours, &m_stamps);
        addItem(item);
        m_sections.append(item);
    }
    updateObjects(venue);
    const QRectF plan(QPointF(0, 0), venue.size);
    setSceneRect((contentRect() | plan).adjusted(-500, -500, 500, 500));
}

void SeatMapScene::updateSections(const core::Venue &venue, const QList<int> &sections)
{
    if (venue.sections.size() != m_sections.size() || venue.categories != m_venue.categories) {
        const auto seats = selectedSeats();
        const auto objects = m_selectedObjects;
        setVenue(venue);
        setSelection(seats, objects);
        return;
    }
    m_venue = venue;
    const QHash<QString, QColor> colours = categoryColours();
    for (int s : sections) {
        if (s >= 0 && s < m_sections.size())
            m_sections.at(s)->setSection(venue.sections.at(s), colours);
    }
    setSelection(selectedSeats(), m_selectedObjects);
    const QRectF wanted = (contentRect() | QRectF(QPointF(0, 0), venue.size))
                              .adjusted(-500, -500, 500, 500);
    if (!sceneRect().contains(wanted))
        setSceneRect(sceneRect() | wanted);
}

void SeatMapScene::clearObjects()
{
    qDeleteAll(m_objects);
    m_objects.clear();
}

void SeatMapScene::updateObjects(const core::Venue &venue)
{
    m_venue.gaAreas = venue.gaAreas;
    m_venue.shapes = venue.shapes;
    m_venue.focalPoint = venue.focalPoint;
    clearObjects();
    const QHash<QString, QColor> colours = categoryColours();
    auto add = [this](ObjectItem *item) {
        addItem(item);
        m_objects.append(item);
    };
    for (int i = 0; i < venue.shapes.size(); ++i)
        add(new ObjectItem({ObjectRef::Kind::Shape, i}, venue));
    for (int i = 0; i < venue.gaAreas.size(); ++i)
        add(new ObjectItem({ObjectRef::Kind::GaArea, i},
                           venue,
                           colours.value(venue.gaAreas.at(i).categoryId)));
    if (m_showFocalPoint)
        add(new ObjectItem({ObjectRef::Kind::FocalPoint, 0}, venue));
    setSelection(selectedSeats(), m_selectedObjects);
}

void SeatMapScene::setSeatColours(const QHash<QString, QColor> &colours)
{
    QHash<int, QList<int>> changed; // section -> flat indices
    for (auto it = colours.cbegin(); it != colours.cend(); ++it) {
        const auto ref = m_venue.findSeat(it.key());
        if (!ref || ref->section >= m_sections.size())
            continue;
        SectionItem *item = m_sections.at(ref->section);
        const int flat = item->flatIndex(ref->row, ref->seat);
        if (item->setSeatColour(flat, it.value()))
            changed[ref->section].append(flat);
    }
    for (auto it = changed.cbegin(); it != changed.cend(); ++it)
        m_sections.at(it.key())->updateSeats(it.value());
}

void SeatMapScene::clearSeatColours()
{
    for (SectionItem *item : std::as_const(m_sections)) {
        item->clearSeatColours();
        item->update();
    }
}

void SeatMapScene::setSelection(const QList<core::SeatRef> &seats, const QList<ObjectRef> &objects)
{
    // Only seats whose selection changes are repainted.
    QSet<core::SeatRef> wanted;
    for (const core::SeatRef &ref : seats) {
        if (ref.section >= 0 && ref.section < m_sections.size()
            && m_sections.at(ref.section)->flatIndex(ref.row, ref.seat) >= 0)
            wanted.insert(ref);
    }
    QHash<int, QList<int>> changed; // section -> flat indices
    auto select = [&](const core::SeatRef &ref, bool selected) {
        SectionItem *item = m_sections.at(ref.section);
        const int flat = item->flatIndex(ref.row, ref.seat);
        if (item->setSeatSelected(flat, selected))
            changed[ref.section].append(flat);
    };
    for (const core::SeatRef &ref : std::as_const(m_selectedSeats)) {
        if (!wanted.contains(ref) && ref.section < m_sections.size())
            select(ref, false);
    }
    for (const core::SeatRef &ref : std::as_const(wanted))
        select(ref, true);
    m_selectedSeats = wanted;
    for (auto it = changed.cbegin(); it != changed.cend(); ++it)
        m_sections.at(it.key())->updateSeats(it.value());
    m_selectedObjects = objects;
    const QSet<ObjectRef> chosen(objects.cbegin(), objects.cend());
    for (SectionItem *item : std::as_const(m_sections))
        item->setOutlineSelected(chosen.contains({ObjectRef::Kind::Section, item->sectionIndex()}));
    for (ObjectItem *item : std::as_const(m_objects))
        item->setSelected(chosen.contains(item->ref()));
}

QList<core::SeatRef> SeatMapScene::selectedSeats() const
{
    QList<core::SeatRef> seats(m_selectedSeats.cbegin(), m_selectedSeats.cend());
    std::sort(seats.begin(), seats.end(), [](const core::SeatRef &a, const core::SeatRef &b) {
        return std::tie(a.section, a.row, a.seat) < std::tie(b.section, b.row, b.seat);
    });
    return seats;
}

std::optional<core::SeatRef> SeatMapScene::seatAt(QPointF point) const
{
    for (qsizetype s = m_sections.size() - 1; s >= 0; --s) {
        const SectionItem *item = m_sections.at(s);
        const int flat = item->seatAt(point);
        if (flat >= 0) {
            const auto [row, seat] = item->rowSeat(flat);
            return core::SeatRef{int(s), row, seat};
        }
    }
    return std::nullopt;
}

QList<core::SeatRef> SeatMapScene::seatsIn(const QRectF &rect) const
{
    QList<core::SeatRef> result;
    for (qsizetype s = 0; s < m_sections.size(); ++s) {
        const SectionItem *item = m_sections.at(s);
        for (int flat : item->seatsIn(rect)) {
            const auto [row, seat] = item->rowSeat(flat);
            result.append({int(s), row, seat});
        }
    }
    return result;
}

std::optional<ObjectRef> SeatMapScene::objectAt(QPointF point) const
{
    // Focal point first (small, on top), then shapes and GA areas from the top, then sections.
    for (qsizetype i = m_objects.size() - 1; i >= 0; --i) {
        if (m_objects.at(i)->ref().kind == ObjectRef::Kind::FocalPoint
            && QLineF(m_objects.at(i)->pos(), point).length() < 40)
            return m_objects.at(i)->ref();
    }
    for (qsizetype i = m_objects.size() - 1; i >= 0; --i) {
        if (m_objects.at(i)->ref().kind != ObjectRef::Kind::FocalPoint
            && m_objects.at(i)->shape().contains(point))
            return m_objects.at(i)->ref();
    }
    for (qsizetype s = m_sections.size() - 1; s >= 0; --s) {
        if (m_venue.sections.at(s).outline.size() >= 3
            && core::geometry::contains(m_venue.sections.at(s).outline, point))
            return ObjectRef{ObjectRef::Kind::Section, int(s)};
    }
    return std::nullopt;
}

QRectF SeatMapScene::contentRect() const
{
    QRectF rect = m_extraContent;
    if (!m_venue.size.isEmpty())
        rect |= QRectF(QPointF(0, 0), m_venue.size);
    for (const SectionItem *item : m_sections)
        rect |= item->boundingRect();
    for (const ObjectItem *item : m_objects) {
        if (item->ref().kind == ObjectRef::Kind::FocalPoint)
            rect |= QRectF(item->pos(), QSizeF(0.01, 0.01));
        else
            rect |= item->boundingRect();
    }
    return rect;
}

void SeatMapScene::setGridSize(double size)
{
    m_gridSize = size;
    update();
}

void SeatMapScene::drawBackground(QPainter *painter, const QRectF &rect)
{
    painter->fillRect(rect, QColor(0xe8, 0xea, 0xed));
    const QRectF plan(QPointF(0, 0), m_venue.size);
    if (plan.isEmpty())
        return;
    painter->fillRect(plan & rect, Qt::white);
    const double lod = QStyleOptionGraphicsItem::levelOfDetailFromTransform(
        painter->worldTransform());
    if (m_gridSize > 0 && m_gridSize * lod >= 8) {
        QPen pen(QColor(0xe3, 0xe6, 0xea), 0);
        painter->setPen(pen);
        const QRectF area = plan & rect;
        QList<QLineF> lines;
        for (double x = std::ceil(area.left() / m_gridSize) * m_gridSize; x <= area.right();
             x += m_gridSize)
            lines.append(QLineF(x, area.top(), x, area.bottom()));
        for (double y = std::ceil(area.top() / m_gridSize) * m_gridSize; y <= area.bottom();
             y += m_gridSize)
            lines.append(QLineF(area.left(), y, area.right(), y));
        painter->drawLines(lines);
    }
    QPen border(QColor(0xb0, 0xb5, 0xbc), 0);
    painter->setPen(border);
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(plan);
}

} // namespace boxoffice::seatmap
