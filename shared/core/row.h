// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/seat.h>

#include <QList>

namespace boxoffice::core {

/// A row of seats; `id` is unique within its section, `label` is what the ticket shows.
struct Row
{
    QString id;
    QString label;
    QList<Seat> seats;

    bool operator==(const Row &) const = default;
};

} // namespace boxoffice::core
