// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fulfilment.h"
#include "idempotency.h"
#include "order.h"
#include "principal.h"
#include "result.h"
#include "salecontact.h"

namespace boxoffice::server::domain {

/// POST /orders/{id}/printed: the tickets the counter printed, and on which printer.
struct PrintRequest
{
    QStringList ticketIds; ///< as sent, lower case
    QString printer;
};

/// What POST /orders/{id}/printed logged.
struct PrintedTickets
{
    QString orderId;
    int count = 0;
};

/// What POST /orders/{id}/mail queued: the mail job, to whom, in which language.
struct MailQueued
{
    QString orderId;
    qint64 mailId = 0;
    QString to;
    QString locale;
};

/// An order as will-call lists it: the order, who ordered it and for which event.
struct CounterOrder
{
    Order order;
    std::optional<OrderContext> context; ///< none: the order went between search and read
};

/// Tickets at the counter after the sale: a new code for a ticket (reissue), and will-call,
/// finding a fan's order to print its tickets there or to mail them again. Audited with the
/// clerk and shift.
class CounterTickets
{
public:
    CounterTickets(db::Database &database, const Fulfilment &fulfilment);

    /// A new code for a valid, unused ticket: its version goes up, the old code is revoked.
    Result<Ticket> reissue(const Principal &clerk, const QString &ticketId);
    /// GET /orders?q= for will-call: orders with their customer and event, newest first.
    Result<QList<CounterOrder>> searchOrders(const Principal &clerk, const QString &query);
    /// POST /orders/{id}/printed: the counter printed these tickets (logged; codes unchanged);
    /// ticket_not_in_order lists the ids that are not valid tickets of the order.
    Result<PrintedTickets> printed(const Principal &clerk,
                                   const QString &orderId,
                                   const PrintRequest &request);
    /// POST /orders/{id}/mail: queues the paid order's valid tickets to be mailed again, to
    /// `contact` or the order's own address (logged as `tickets.mail`). Replays by key: `codec`
    /// (api::mailQueuedCodec) keeps the first answer.
    Result<MailQueued> mailAgain(const Principal &clerk,
                                 const QString &orderId,
                                 const SaleContact &contact,
                                 const std::optional<QString> &idempotencyKey,
                                 const AnswerCodec<MailQueued> &codec);

private:
    db::Database &m_database;
    const Fulfilment &m_fulfilment;
    Idempotency m_idempotency;
};

} // namespace boxoffice::server::domain
