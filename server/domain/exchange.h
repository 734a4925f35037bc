// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "order.h"

namespace boxoffice::server::domain {

/// What an exchange answers: the order afterwards and the ticket that moved.
struct Exchange
{
    Order order;
    QString oldTicketId;
    QString fromSeat;           ///< the old seat, free again (empty for a GA ticket)
    QString fromGa;             ///< the old GA zone, one place freer (empty for a seat)
    Ticket ticket;              ///< the new ticket, with its seat's price
    qint64 differenceCents = 0; ///< new price minus old
    qint64 changeCents = 0;     ///< cash handed back for a dearer seat paid in cash
};

} // namespace boxoffice::server::domain
