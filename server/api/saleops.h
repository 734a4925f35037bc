// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/counterpayment.h"
#include "domain/hold.h"
#include "domain/orderservice.h"
#include "domain/principal.h"
#include "domain/queueplace.h"
#include "domain/result.h"
#include "domain/salecontact.h"

#include <QByteArray>
#include <QString>

#include <functional>
#include <optional>

namespace boxoffice::server::domain {
class CounterSales;
class HoldGate;
class HoldService;
class QueueService;
class TokenAuthenticator;
} // namespace boxoffice::server::domain

namespace boxoffice::server::api {

/// What the sale's operations reach; owned by the serve command.
struct SaleServices
{
    domain::HoldGate &holdGate;
    domain::HoldService &holds;
    domain::OrderService &orders;
    domain::CounterSales &counterSales;
    domain::QueueService &queue;
    const domain::TokenAuthenticator &tokens;
};

/// A hold as a transport read it (POST /holds; WS hold.create).
struct HoldCreate
{
    domain::Principal caller;
    domain::HoldRequest hold;
    std::optional<QString> idempotencyKey;
    QByteArray admissionToken; ///< X-Admission-Token; WS `admission_token`
    QString peer;              ///< the client's address (per-address rate limits)
};

/// A hold past its first stage (SaleOps::admitHold): the waiting room's admission read.
struct AdmittedHold
{
    domain::Principal caller;
    domain::HoldRequest hold;
    std::optional<QString> idempotencyKey;
    QString peer;
};

/// An order as a transport read it (POST /orders; WS order.create): online, or a clerk's
/// counter sale when it has a payment.
struct OrderCreate
{
    domain::Principal caller;
    domain::OrderRequest order;
    QString peer;
    std::optional<domain::CounterPayment> payment; ///< a counter sale, paid at once
    domain::SaleContact contact;                   ///< a counter sale's fan, if the clerk asked
};

/// The sale's operations, one for each REST route and WebSocket op of the sale (holds, orders,
/// the waiting room): both transports parse their own envelope into these typed requests, call
/// the same function and turn the same Result into their response or frame, so there is one
/// path from either to the domain. Thread-safe: every call may come from any thread; all but
/// admitHold() and joinQueueAsync() do I/O and belong on the database workers.
class SaleOps
{
public:
    explicit SaleOps(const SaleServices &services)
        : m_services(services)
    {}

    /// A hold's first stage, on the transport's thread (no I/O): the admission token read into
    /// the request; a keyless request whose seats this instance knows taken is refused
    /// (seat_unavailable, from memory), otherwise its seats are claimed until createHold() is
    /// done with it (HoldGate::refuseOrClaim).
    domain::Result<AdmittedHold> admitHold(const HoldCreate &request) const;
    /// The hold, through the gate (rate limit, waiting room, leases) to PostgreSQL.
    domain::Result<domain::Hold> createHold(const AdmittedHold &request) const;
    domain::Result<domain::Hold> findHold(const domain::Principal &caller,
                                          const QString &holdId) const;
    domain::Result<domain::Hold> releaseHold(const domain::Principal &caller,
                                             const QString &holdId) const;

    /// The per-user and per-address order rate limit, then the online order (a payment
    /// intent) or the counter sale.
    domain::Result<domain::PlacedOrder> placeOrder(const OrderCreate &request) const;
    domain::Result<domain::Order> findOrder(const domain::Principal &caller,
                                            const QString &orderId) const;

    domain::Result<domain::QueuePlace> joinQueue(const domain::Principal &caller,
                                                 const QString &eventId,
                                                 const QString &peer) const;
    /// joinQueue() without blocking, on the thread that built the queue service (the HTTP
    /// event loop): `done` is called from its loop; false (nothing done) when the event's
    /// settings must first be read from PostgreSQL: call joinQueue() on a worker then.
    bool joinQueueAsync(const domain::Principal &caller,
                        const QString &eventId,
                        const QString &peer,
                        std::function<void(domain::Result<domain::QueuePlace>)> done) const;
    domain::Result<domain::QueuePlace> queueStatus(const domain::Principal &caller,
                                                   const QString &eventId,
                                                   const QString &queueId) const;

private:
    SaleServices m_services;
};

} // namespace boxoffice::server::api
