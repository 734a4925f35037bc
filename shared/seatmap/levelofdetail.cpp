// SPDX-License-Identifier: GPL-3.0-or-later
#include "levelofdetail.h"

#include <QtGlobal>

#include <cmath>

namespace boxoffice::seatmap::levelofdetail {

Detail detailFor(double pixels)
{
    if (!(pixels >= kSeatsFrom)) // NaN too
        return Detail::Sections;
    if (pixels < kRoundFrom)
        return Detail::Dots;
    if (pixels <= kNumbersFrom)
        return Detail::Seats;
    return Detail::Numbers;
}

bool rowLabels(double pixels)
{
    return pixels > kRowLabelsFrom;
}

double stampRadius(double pixels)
{
    return std::round(qBound(0.125, pixels, kStampsUpTo) * 8) / 8;
}

int numberPixelSize(double pixels)
{
    if (detailFor(pixels) != Detail::Numbers)
        return 0;
    return qBound(1, int(std::lround(pixels * 0.95)), 400);
}

int rowLabelPixelSize(double pixels)
{
    if (!(pixels > 0))
        return 10;
    return qBound(10, int(std::lround(pixels * 1.1)), 200);
}

} // namespace boxoffice::seatmap::levelofdetail
