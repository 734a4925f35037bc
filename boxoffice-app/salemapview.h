// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <seatmap/seatmapview.h>

#include <core/venue.h>

#include <QRubberBand>

namespace boxoffice::seatmap {
class SeatMapScene;
}

namespace boxoffice::app {

/// The box office's seat map view: click or Ctrl-click toggles a seat, Shift-click or a double
/// click takes the whole row, dragging on empty space selects with a rubber band, a click on a GA
/// zone asks for a quantity. Tooltips name the seat under the cursor.
class SaleMapView : public seatmap::SeatMapView
{
    Q_OBJECT
public:
    explicit SaleMapView(seatmap::SeatMapScene *scene, QWidget *parent = nullptr);

    /// Text for the tooltip of a seat (set by the page: section, row, number, price, flags).
    std::function<QString(const QString &seatId)> describeSeat;

Q_SIGNALS:
    void seatsClicked(const QStringList &seatIds);
    void seatsBanded(const QStringList &seatIds);
    void gaClicked(const QString &gaId);

protected:
    bool viewportEvent(QEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;

private:
    QStringList idsOf(const QList<core::SeatRef> &refs) const;
    QStringList rowOf(core::SeatRef ref) const;

    seatmap::SeatMapScene *m_scene;
    QRubberBand m_band;
    QPoint m_pressPos;
    bool m_banding = false;
};

} // namespace boxoffice::app
