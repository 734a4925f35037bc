// SPDX-License-Identifier: GPL-3.0-or-later
#include "rowadjacency.h"

#include <QLineF>

#include <algorithm>
#include <cmath>

namespace boxoffice::core {

namespace {

/// Unit vector of the main axis of the points (principal component), oriented left to right.
QPointF mainAxis(const QList<Seat> &seats)
{
    double meanX = 0;
    double meanY = 0;
    for (const Seat &seat : seats) {
        meanX += seat.position.x();
        meanY += seat.position.y();
    }
    meanX /= double(seats.size());
    meanY /= double(seats.size());
    double xx = 0;
    double xy = 0;
    double yy = 0;
    for (const Seat &seat : seats) {
        const double dx = seat.position.x() - meanX;
        const double dy = seat.position.y() - meanY;
        xx += dx * dx;
        xy += dx * dy;
        yy += dy * dy;
    }
    // Angle of the principal axis of the 2x2 covariance matrix.
    const double angle = 0.5 * std::atan2(2 * xy, xx - yy);
    QPointF axis(std::cos(angle), std::sin(angle));
    if (axis.x() < -1e-12 || (std::abs(axis.x()) <= 1e-12 && axis.y() < 0))
        axis = -axis;
    return axis;
}

} // namespace

RowAdjacency::RowAdjacency(const Row &row, double gapFactor)
{
    const QList<Seat> &seats = row.seats;
    const int count = int(seats.size());
    m_left.fill(-1, count);
    m_right.fill(-1, count);
    if (count == 0)
        return;

    const QPointF axis = mainAxis(seats);
    QList<double> along(count);
    for (int i = 0; i < count; ++i)
        along[i] = QPointF::dotProduct(seats.at(i).position, axis);
    m_order.resize(count);
    for (int i = 0; i < count; ++i)
        m_order[i] = i;
    std::stable_sort(m_order.begin(), m_order.end(), [&along](int a, int b) {
        return along.at(a) < along.at(b);
    });

    QList<double> gaps;
    gaps.reserve(count);
    for (int i = 1; i < count; ++i)
        gaps.append(
            QLineF(seats.at(m_order.at(i - 1)).position, seats.at(m_order.at(i)).position).length());
    double median = 0;
    if (!gaps.isEmpty()) {
        QList<double> sorted = gaps;
        std::nth_element(sorted.begin(), sorted.begin() + sorted.size() / 2, sorted.end());
        median = sorted.at(sorted.size() / 2);
    }

    m_blocks.append(QList<int>{m_order.first()});
    for (int i = 1; i < count; ++i) {
        const int previous = m_order.at(i - 1);
        const int current = m_order.at(i);
        const bool aisleBetween = seats.at(previous).flags.testFlag(SeatFlag::Aisle)
                                  && seats.at(current).flags.testFlag(SeatFlag::Aisle);
        const bool gap = gaps.at(i - 1) > gapFactor * median;
        if (aisleBetween || gap) {
            m_blocks.append(QList<int>{current});
            continue;
        }
        m_blocks.last().append(current);
        m_right[previous] = current;
        m_left[current] = previous;
    }
}

int RowAdjacency::leftOf(int seatIndex) const
{
    return seatIndex >= 0 && seatIndex < m_left.size() ? m_left.at(seatIndex) : -1;
}

int RowAdjacency::rightOf(int seatIndex) const
{
    return seatIndex >= 0 && seatIndex < m_right.size() ? m_right.at(seatIndex) : -1;
}

} // namespace boxoffice::core
