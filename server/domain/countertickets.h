#pragma once

#include "fulfilment.h"
#include "idempotency.h"
#include "principal.h"
#include "response.h"

namespace boxoffice::server::domain {

/// Tickets at the counter after the sale: a new code for a ticket (reissue), and will-call,
/// finding a fan's order to print its tickets there or to mail them again. Audited with the
/// clerk and shift.
class CounterTickets
{
public:
    CounterTickets(db::Database &database, const Fulfilment &fulfilment);

    /// A new code for a valid, unused ticket: its version goes up, the old code is revoked.
    Response reissue(const Principal &clerk, const QString &ticketId);
    /// GET /orders?q= for will-call: orders with their customer and event.
    Response searchOrders(const Principal &clerk, const QString &query);
    /// POST /orders/{id}/printed: the counter printed these tickets (logged; codes unchanged).
    Response printed(const Principal &clerk, const QString &orderId, const QJsonObject &body);
    /// POST /orders/{id}/mail: queues the paid order's valid tickets to be mailed again, to
    /// `email` or the order's own address (202; logged as `tickets.mail`). Replays by key.
    Response mailAgain(const Principal &clerk,
                       const QString &orderId,
                       const QJsonObject &body,
                       const std::optional<QString> &idempotencyKey);

private:
    db::Database &m_database;
    const Fulfilment &m_fulfilment;
    Idempotency m_idempotency;
};

} // namespace boxoffice::server::domain
