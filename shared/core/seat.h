// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFlags>
#include <QPointF>
#include <QString>

namespace boxoffice::core {

/// Properties of a seat that matter for sales and best-available.
enum class SeatFlag : quint8 {
    None = 0,
    Wheelchair = 0x1,     ///< a wheelchair space
    Companion = 0x2,      ///< a seat for the companion of a wheelchair user
    RestrictedView = 0x4, ///< sold with a warning
    Aisle = 0x8,          ///< next to an aisle (two neighbouring aisle seats are not adjacent)
};
Q_DECLARE_FLAGS(SeatFlags, SeatFlag)
Q_DECLARE_OPERATORS_FOR_FLAGS(SeatFlags)

/// Every flag, in file order.
inline constexpr SeatFlag kAllSeatFlags[] = {SeatFlag::Wheelchair,
                                             SeatFlag::Companion,
                                             SeatFlag::RestrictedView,
                                             SeatFlag::Aisle};
/// The file-format name of a flag ("wheelchair", "companion", "restricted_view", "aisle").
QLatin1StringView seatFlagName(SeatFlag flag);
/// Parses a file-format flag name; SeatFlag::None when unknown.
SeatFlag seatFlagFromName(QStringView name);

/// One seat; `id` is unique in its venue and is what tickets and holds refer to.
struct Seat
{
    QString id;
    QString number;     ///< label printed on the ticket, e.g. "12"
    QPointF position;   ///< centre of the seat in venue units
    QString categoryId; ///< id of a Category of the venue
    SeatFlags flags;

    bool operator==(const Seat &) const = default;
};

} // namespace boxoffice::core
