// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Every event the domain records in the outbox, one type: db::OutboxRepository::record writes
// it in the transaction of the change, db's outbox codec (db/outboxcodec) turns it into rows.

#include "holdevents.h"
#include "inventoryevents.h"
#include "saleevents.h"
#include "scheduleevents.h"

#include <variant>

namespace boxoffice::server::domain::events {

using DomainEvent = std::variant<HoldPlaced,
                                 HoldReleased,
                                 GaHoldsExpired,
                                 OrderCreated,
                                 OrderPaid,
                                 SoldPlacesFreed,
                                 TicketExchanged,
                                 SeatsHeldBack,
                                 HeldBackSeatsReleased,
                                 AllocationSeatsReturned,
                                 EventRescheduled>;

} // namespace boxoffice::server::domain::events
