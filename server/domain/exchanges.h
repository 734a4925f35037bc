// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "counterpayment.h"
#include "exchange.h"
#include "fulfilment.h"
#include "principal.h"

#include <optional>

namespace boxoffice::server::domain {

/// POST /orders/{id}/exchange: moves one valid, unused ticket of a paid order (a seat or a GA
/// place) to a free seat or a place of a GA zone of the event in one transaction. The old
/// ticket is void (replaced by the new one) and its seat free or its place back in its zone;
/// the new seat is sold or the zone's sold count grows under its row lock (never past its
/// capacity), the new ticket valid; the price difference is taken or given back with a counter
/// payment (a split part by part) and booked on the clerk's shift per method. Never both
/// valid: the old ticket is voided before the new one is inserted, and the database keeps one
/// valid ticket per seat and a zone within its capacity.
class Exchanges
{
public:
    explicit Exchanges(const Fulfilment &fulfilment)
        : m_fulfilment(fulfilment)
    {}

    /// What POST /orders/{id}/exchange asks for (api::exchangeRequest reads it).
    struct Request
    {
        QString ticketId;
        QString seatId; ///< exactly one of seatId and gaId
        QString gaId;
        std::optional<CounterPayment> payment;
    };

    /// In the caller's transaction: the order afterwards and the moved ticket, or throws.
    Exchange run(db::Tx &tx,
                 const Principal &clerk,
                 const QString &orderId,
                 const Request &request) const;

private:
    const Fulfilment &m_fulfilment;
};

} // namespace boxoffice::server::domain
