#include "seatmapview.h"

namespace boxoffice::seatmap {

SeatMapView::SeatMapView(QWidget *parent)
    : QGraphicsView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
}

} // namespace boxoffice::seatmap
