// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QPolygonF>
#include <QString>

namespace boxoffice::core {

/// A general-admission area: sold by quantity up to `capacity`, not by seat.
struct GaArea
{
    QString id; ///< unique among GA areas and seats of the venue
    QString name;
    QPolygonF outline;
    int capacity = 0;
    QString categoryId;

    bool operator==(const GaArea &) const = default;
};

} // namespace boxoffice::core
