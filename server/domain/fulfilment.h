// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "order.h"
#include "ticketcodes.h"

#include <functional>

namespace boxoffice::server::db {
class Tx;
}

namespace boxoffice::server::domain {

/// The step that turns a paid order into sold seats and tickets, and its reverse (refunds).
/// Both run inside the caller's transaction, with the order row already locked.
class Fulfilment
{
public:
    /// Told after the commit that `owner`'s order for `eventId` is paid (the waiting room lets
    /// them leave its active set). Must not throw; best effort.
    using PaidListener = std::function<void(const QString &eventId, const QString &owner)>;

    explicit Fulfilment(const TicketCodes &codes, PaidListener onPaid = {})
        : m_codes(codes)
        , m_onPaid(std::move(onPaid))
    {}

    /// When the order's hold still owns its seats (and GA places): sells them, issues signed
    /// tickets, marks the hold `ordered` and the order `paid`, writes outbox rows; true. False
    /// (nothing changed) when the hold was lost, with `reason` saying why.
    bool fulfil(db::Tx &tx, const Order &order, QString *reason) const;
    /// Voids the order's tickets, frees its seats and GA places, marks it `refunded`, outbox.
    void unfulfil(db::Tx &tx, const Order &order, const QString &reason) const;
    /// Frees the seats and GA places of tickets just voided (a refund), with outbox rows.
    void release(db::Tx &tx, const QString &eventId, const QList<Ticket> &voided) const;
    /// A new ticket row for the seat or GA place of `old` (reissue), with a fresh code.
    Ticket issueLike(db::Tx &tx, const Ticket &old, const QString &orderId) const;

    /// Call once the transaction in which fulfil() returned true has committed: tells the
    /// listener. Never throws (a paid order must not fail because of what follows it).
    void paid(const QString &eventId, const QString &owner) const;

    const TicketCodes &codes() const { return m_codes; }

private:
    const TicketCodes &m_codes;
    PaidListener m_onPaid;
};

} // namespace boxoffice::server::domain
