// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "counterpayment.h"
#include "exchange.h"
#include "fulfilment.h"
#include "principal.h"

#include <optional>

namespace boxoffice::server::domain {

/// POST /orders/{id}/exchange: moves one valid, unused seated ticket of a paid order to another
/// free seat of the event in one transaction. The old ticket is void (replaced by the new one)
/// and its seat free; the new seat is sold, its ticket valid; the price difference is taken or
/// given back with a counter payment and booked on the clerk's shift. Never both valid: the
/// old ticket is voided before the new one is inserted, and the database keeps one valid
/// ticket per seat.
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
        QString seatId;
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
