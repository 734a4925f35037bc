// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "counterpayment.h"
#include "exchanges.h"
#include "fulfilment.h"
#include "idempotency.h"
#include "orderservice.h"
#include "principal.h"
#include "refunds.h"
#include "salecontact.h"

namespace boxoffice::server::domain {

/// Money at the counter: cash / card-present / comp / split sales that confirm at once,
/// refunds and exchanges. Every movement is audited with the clerk and shift, and replays by
/// Idempotency-Key.
class CounterSales
{
public:
    CounterSales(db::Database &database, const Fulfilment &fulfilment);

    /// The paid order with its tickets (+ change_cents), `created`; or the order the hold has
    /// already (not created). `codec` (api::counterSaleCodec) keeps a key's first answer.
    Result<PlacedOrder> sell(const Principal &clerk,
                             const QString &holdId,
                             const CounterPayment &payment,
                             const std::optional<QString> &idempotencyKey,
                             const AnswerCodec<PlacedOrder> &codec,
                             const SaleContact &contact = {});
    /// Refunds a paid order, whole (`ticketIds` nullopt) or those tickets: counter orders at
    /// once, online ones through the provider.
    /// `codec` (api::refundCodec) keeps the first answer of a key for its replays.
    Result<Refund> refund(const Principal &clerk,
                          const QString &orderId,
                          const std::optional<QStringList> &ticketIds,
                          const std::optional<QString> &idempotencyKey,
                          const AnswerCodec<Refund> &codec);
    /// POST /orders/{id}/exchange (see Exchanges).
    Result<Exchange> exchange(const Principal &clerk,
                              const QString &orderId,
                              const Exchanges::Request &request,
                              const std::optional<QString> &idempotencyKey,
                              const AnswerCodec<Exchange> &codec);

private:
    PlacedOrder sellInTx(db::Tx &tx,
                         const Principal &clerk,
                         const QString &holdId,
                         const CounterPayment &payment,
                         const SaleContact &contact);

    const Fulfilment &m_fulfilment;
    Idempotency m_idempotency;
    Refunds m_refunds;
    Exchanges m_exchanges;
};

} // namespace boxoffice::server::domain
