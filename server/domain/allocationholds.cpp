// SPDX-License-Identifier: GPL-3.0-or-later
#include "allocationholds.h"

#include "events/inventoryevents.h"

#include "db/allocationholdrepository.h"
#include "db/holdrepository.h"
#include "db/outboxrepository.h"

#include <algorithm>

namespace boxoffice::server::domain {

using db::AllocationHoldOutcome;

Hold holdFromAllocation(db::Tx &tx,
                        const QString &owner,
                        const HoldRequest &request,
                        const QString &holdId,
                        bool unlockedByCode)
{
    QStringList seats = request.seats;
    std::sort(seats.begin(), seats.end());
    db::AllocationHold result;
    try {
        result = db::AllocationHoldRepository::hold(tx,
                                                    request.eventId,
                                                    owner,
                                                    request.allocation,
                                                    seats,
                                                    holdId,
                                                    unlockedByCode);
    } catch (const db::SaleRefused &refused) {
        throw saleRefusal(refused.outcome);
    }
    switch (result.outcome) {
    case AllocationHoldOutcome::Created:
        return *result.hold;
    case AllocationHoldOutcome::NoAllocation:
        throw Error(ErrorCode::NotFound,
                    QStringLiteral("this event has no allocation named %1").arg(request.allocation));
    case AllocationHoldOutcome::CounterSaleOff:
        throw Error(ErrorCode::AllocationNotForSale,
                    QStringLiteral("a manager has not let the counter sell the allocation %1")
                        .arg(request.allocation));
    case AllocationHoldOutcome::SeatUnavailable:
        break;
    }
    throw Error(ErrorCode::SeatUnavailable,
                QStringLiteral("%1 of %2 seats are not in the allocation %3 now")
                    .arg(result.outside.size())
                    .arg(seats.size())
                    .arg(request.allocation),
                ErrorDetails{.seats = result.outside});
}

QStringList returnToAllocation(db::Tx &tx, const Hold &hold)
{
    const QStringList returned = db::AllocationHoldRepository::returnSeats(tx, hold);
    db::OutboxRepository::record(tx,
                                 events::AllocationSeatsReturned{hold.eventId,
                                                                 hold.id,
                                                                 hold.allocation,
                                                                 returned});
    return returned;
}

} // namespace boxoffice::server::domain
