// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One seat of a section as db reads it for best-available (domain/bestavailable.h).

#include <QString>

namespace boxoffice::server::db {

/// One seat of a section as best-available sees it.
struct SectionSeat
{
    QString id;
    int rowIndex = 0;
    int seatIndex = 0;
    double rank = 0; ///< distance to the focal point; lower is better
    bool free = false;
};

} // namespace boxoffice::server::db
