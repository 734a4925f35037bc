#pragma once

#include <QGraphicsView>

namespace boxoffice::seatmap {

/// A QGraphicsView with the zoom and pan behaviour both apps share.
class SeatMapView : public QGraphicsView
{
    Q_OBJECT
public:
    explicit SeatMapView(QWidget *parent = nullptr);
};

} // namespace boxoffice::seatmap
