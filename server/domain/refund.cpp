// SPDX-License-Identifier: GPL-3.0-or-later
#include "refund.h"

namespace boxoffice::server::domain {

QStringList Refund::freedSeats() const
{
    QStringList seats;
    for (const Ticket &ticket : order.tickets) {
        if (ticketIds.contains(ticket.id) && !ticket.seatId.isEmpty())
            seats.append(ticket.seatId);
    }
    return seats;
}

} // namespace boxoffice::server::domain
