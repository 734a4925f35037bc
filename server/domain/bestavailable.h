// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/sectionseat.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace boxoffice::server::domain {

using db::SectionSeat;

/// Picks seats for best-available: blocks of `quantity` adjacent free seats in one row, the
/// ones that leave no single orphan seat first, then the closest to the focal point. When no row
/// has such a block, the best single seats follow as a last candidate. `seats` must be sorted
/// by (rowIndex, seatIndex). Returns candidates, best first, at most `maxCandidates`.
QList<QStringList> bestAvailableCandidates(const QList<SectionSeat> &seats,
                                           int quantity,
                                           int maxCandidates = 8);

} // namespace boxoffice::server::domain
