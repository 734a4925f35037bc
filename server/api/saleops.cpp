// SPDX-License-Identifier: GPL-3.0-or-later
#include "saleops.h"

#include "countercodec.h"
#include "ordercodec.h"

#include "domain/countersales.h"
#include "domain/holdgate.h"
#include "domain/holdservice.h"
#include "domain/queueservice.h"
#include "domain/tokenauthenticator.h"

namespace boxoffice::server::api {

using domain::Principal;
using domain::Result;

Result<AdmittedHold> SaleOps::admitHold(const HoldCreate &request) const
{
    AdmittedHold admitted{request.caller, request.hold, request.idempotencyKey, request.peer};
    admitted.hold.admittedEventId = m_services.tokens.admittedEvent(request.admissionToken,
                                                                    request.caller);
    // A keyed request is the idempotency store's to answer, never the fast lane's.
    if (!request.idempotencyKey) {
        if (auto refused = m_services.holdGate.refuseOrClaim(admitted.caller, admitted.hold))
            return *refused;
    }
    return admitted;
}

Result<domain::Hold> SaleOps::createHold(const AdmittedHold &request) const
{
    return m_services.holdGate.create(request.caller,
                                      request.hold,
                                      request.idempotencyKey,
                                      request.peer);
}

Result<domain::Hold> SaleOps::findHold(const Principal &caller, const QString &holdId) const
{
    return m_services.holds.find(caller, holdId);
}

Result<domain::Hold> SaleOps::releaseHold(const Principal &caller, const QString &holdId) const
{
    return m_services.holdGate.release(caller, holdId);
}

Result<domain::PlacedOrder> SaleOps::placeOrder(const OrderCreate &request) const
{
    if (auto limited = m_services.holdGate.rateLimit(QByteArrayLiteral("order"),
                                                     request.caller,
                                                     request.peer))
        return *limited;
    if (request.payment)
        return m_services.counterSales.sell(request.caller,
                                            request.order.holdId,
                                            *request.payment,
                                            request.order.idempotencyKey,
                                            counterSaleCodec(),
                                            request.contact);
    return m_services.orders.create(request.caller, request.order, orderClaimCodec());
}

Result<domain::Order> SaleOps::findOrder(const Principal &caller, const QString &orderId) const
{
    return m_services.orders.get(caller, orderId);
}

Result<domain::QueuePlace> SaleOps::joinQueue(const Principal &caller,
                                              const QString &eventId,
                                              const QString &peer) const
{
    return m_services.queue.join(caller, eventId, peer);
}

bool SaleOps::joinQueueAsync(const Principal &caller,
                             const QString &eventId,
                             const QString &peer,
                             std::function<void(Result<domain::QueuePlace>)> done) const
{
    return m_services.queue.joinAsync(caller, eventId, peer, std::move(done));
}

Result<domain::QueuePlace> SaleOps::queueStatus(const Principal &caller,
                                                const QString &eventId,
                                                const QString &queueId) const
{
    return m_services.queue.status(caller, eventId, queueId);
}

} // namespace boxoffice::server::api
