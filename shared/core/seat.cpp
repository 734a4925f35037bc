// SPDX-License-Identifier: GPL-3.0-or-later
#include "seat.h"

namespace boxoffice::core {

QLatin1StringView seatFlagName(SeatFlag flag)
{
    switch (flag) {
    case SeatFlag::Wheelchair:
        return QLatin1StringView("wheelchair");
    case SeatFlag::Companion:
        return QLatin1StringView("companion");
    case SeatFlag::RestrictedView:
        return QLatin1StringView("restricted_view");
    case SeatFlag::Aisle:
        return QLatin1StringView("aisle");
    case SeatFlag::None:
        break;
    }
    return {};
}

SeatFlag seatFlagFromName(QStringView name)
{
    for (SeatFlag flag : kAllSeatFlags) {
        if (name == seatFlagName(flag))
            return flag;
    }
    return SeatFlag::None;
}

} // namespace boxoffice::core
