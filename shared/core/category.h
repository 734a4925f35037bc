// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QString>

namespace boxoffice::core {

/// A price category of a venue; seats and GA areas refer to it by `id`.
struct Category
{
    QString id;
    QString name;
    QColor colour;

    bool operator==(const Category &) const = default;
};

} // namespace boxoffice::core
