// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "order.h"

#include <QStringList>

namespace boxoffice::server::domain {

/// What a refund answers: the order as it is afterwards (without its payment's client secret)
/// and what this refund gave back.
struct Refund
{
    Order order;
    qint64 amountCents = 0;
    QStringList ticketIds; ///< the tickets this refund voided

    /// The seats of the voided tickets, free again (standing places have none).
    QStringList freedSeats() const;
};

} // namespace boxoffice::server::domain
