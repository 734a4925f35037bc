// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/row.h>

#include <QPolygonF>

namespace boxoffice::core {

/// A seated section (e.g. "Stalls"): an outline and its rows; `id` is unique in the venue.
struct Section
{
    QString id;
    QString name;
    QPolygonF outline; ///< may be empty; absolute venue coordinates
    QList<Row> rows;

    bool operator==(const Section &) const = default;
};

} // namespace boxoffice::core
