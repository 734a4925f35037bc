// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fulfilment.h"
#include "principal.h"
#include "refund.h"

#include <QStringList>

#include <optional>

namespace boxoffice::server::domain {

/// Refunds of paid orders, whole or by ticket: voids the tickets, frees their seats and GA
/// places, records the amount on the order and returns the money (counter payments at once into
/// the clerk's shift, online ones through the provider). The order row lock serializes refunds of
/// one order, so a ticket is never refunded twice.
class Refunds
{
public:
    explicit Refunds(const Fulfilment &fulfilment)
        : m_fulfilment(fulfilment)
    {}

    /// Inside the caller's transaction: the order afterwards and what was refunded.
    /// Throws Error: not_found, ticket_not_in_order, ticket_void, invalid_state, shift_required.
    Refund run(db::Tx &tx,
               const Principal &clerk,
               const QString &orderId,
               const std::optional<QStringList> &ticketIds) const;

private:
    const Fulfilment &m_fulfilment;
};

} // namespace boxoffice::server::domain
