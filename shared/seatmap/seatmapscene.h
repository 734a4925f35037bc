// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <seatmap/objectref.h>
#include <seatmap/seatstamps.h>

#include <core/venue.h>

#include <QGraphicsScene>
#include <QHash>
#include <QSet>

namespace boxoffice::seatmap {

class ObjectItem;
class SectionItem;

/// The scene of a venue's seat map: one SectionItem per section (painting its seats), one
/// ObjectItem per GA area, shape and the focal point. Seat colours (e.g. sale status) and the
/// selection are set in batches; the scene never changes the venue.
class SeatMapScene : public QGraphicsScene
{
    Q_OBJECT
public:
    explicit SeatMapScene(QObject *parent = nullptr);
    ~SeatMapScene() override;

    /// Rebuilds every item from `venue`.
    void setVenue(const core::Venue &venue);
    const core::Venue &venue() const { return m_venue; }
    /// Resyncs the items of the listed sections (same section count as before).
    void updateSections(const core::Venue &venue, const QList<int> &sections);
    /// Resyncs GA areas, shapes and the focal point.
    void updateObjects(const core::Venue &venue);

    /// Colours seats by id (e.g. by sale status); an invalid colour restores the category colour.
    /// Repaints only the seats whose colour changed.
    void setSeatColours(const QHash<QString, QColor> &colours);
    /// Back to category colours for every seat.
    void clearSeatColours();

    /// Marks seats and objects as selected (replaces the previous selection).
    void setSelection(const QList<core::SeatRef> &seats, const QList<ObjectRef> &objects = {});
    QList<core::SeatRef> selectedSeats() const;
    QList<ObjectRef> selectedObjects() const { return m_selectedObjects; }

    /// The seat under `point` (scene coordinates), if any.
    std::optional<core::SeatRef> seatAt(QPointF point) const;
    /// Every seat whose centre lies in `rect`.
    QList<core::SeatRef> seatsIn(const QRectF &rect) const;
    /// The topmost object (focal point, shape, GA area, then section outline) under `point`.
    std::optional<ObjectRef> objectAt(QPointF point) const;
    /// Bounds of everything drawn, the venue's plan area and the extra content.
    QRectF contentRect() const;
    /// Something else drawn that fit-to-view should show (e.g. an editor's background image).
    void setExtraContent(const QRectF &rect) { m_extraContent = rect; }

    /// Whether the focal point (an editing aid: what best-available measures from) is drawn;
    /// the box office hides it. Takes effect at the next setVenue() / updateObjects().
    void setShowFocalPoint(bool show) { m_showFocalPoint = show; }

    /// Grid spacing drawn in the background (0 = none).
    void setGridSize(double size);
    double gridSize() const { return m_gridSize; }

protected:
    void drawBackground(QPainter *painter, const QRectF &rect) override;

private:
    QHash<QString, QColor> categoryColours() const;
    void clearObjects();

    core::Venue m_venue;
    bool m_showFocalPoint = true;
    QList<SectionItem *> m_sections;
    QList<ObjectItem *> m_objects;
    QList<ObjectRef> m_selectedObjects;
    QSet<core::SeatRef> m_selectedSeats;
    SeatStamps m_stamps; ///< shared by the sections (the destructor deletes them first)
    double m_gridSize = 0;
    QRectF m_extraContent;
};

} // namespace boxoffice::seatmap
