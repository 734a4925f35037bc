#pragma once

#include "counterpayment.h"
#include "exchanges.h"
#include "fulfilment.h"
#include "idempotency.h"
#include "principal.h"
#include "refunds.h"
#include "response.h"

namespace boxoffice::server::domain {

/// Whom a counter sale's tickets are mailed to (optional: the clerk asks the fan).
struct SaleContact
{
    QString email;
    QString locale; ///< en, es, ...
};

/// The counter: cash / card-present / comp sales that confirm at once, refunds, reissue,
/// shifts with X and Z reports. Every money movement is audited with the clerk and shift.
class BoxOfficeService
{
public:
    BoxOfficeService(db::Database &database, const Fulfilment &fulfilment);

    /// Parses the `payment` member of a counter POST /orders; throws Error(BadRequest).
    static CounterPayment parsePayment(const QJsonValue &payment)
    {
        return CounterPayment::parse(payment);
    }

    /// 201 paid order with tickets (+ change_cents), 200 for a hold that has an order already.
    Response sell(const Principal &clerk,
                  const QString &holdId,
                  const CounterPayment &payment,
                  const std::optional<QString> &idempotencyKey,
                  const SaleContact &contact = {});
    /// Reads the optional `email` and `locale` of a counter POST /orders; throws BadRequest.
    static SaleContact parseContact(const QJsonObject &body);
    /// Refunds a paid order, whole (`ticketIds` nullopt) or those tickets: counter orders at
    /// once, online ones through the provider. Replays by Idempotency-Key like sales.
    Response refund(const Principal &clerk,
                    const QString &orderId,
                    const std::optional<QStringList> &ticketIds,
                    const std::optional<QString> &idempotencyKey);
    /// A new code for a valid, unused ticket: its version goes up, the old code is revoked.
    Response reissue(const Principal &clerk, const QString &ticketId);
    /// POST /orders/{id}/exchange (see Exchanges); replays by Idempotency-Key.
    Response exchange(const Principal &clerk,
                      const QString &orderId,
                      const Exchanges::Request &request,
                      const std::optional<QString> &idempotencyKey);
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
    Response openShift(const Principal &clerk, const QJsonObject &body);
    /// The caller's open shift as an X report, or 404 when none is open; 409 drawer_in_use when
    /// `drawer` is given and another clerk's shift holds it.
    Response currentShift(const Principal &clerk, const QString &drawer = {});
    Response report(const Principal &clerk, const QString &shiftId);
    Response closeShift(const Principal &clerk, const QString &shiftId, const QJsonObject &body);

private:
    Response sellInTx(db::Tx &tx,
                      const Principal &clerk,
                      const QString &holdId,
                      const CounterPayment &payment,
                      const SaleContact &contact);
    Response guarded(const std::function<Response(db::Tx &)> &body);
    static void throwIfDrawerTaken(db::Tx &tx, const Principal &clerk, const QString &drawer);

    db::Database &m_database;
    const Fulfilment &m_fulfilment;
    Idempotency m_idempotency;
    Refunds m_refunds;
    Exchanges m_exchanges;
};

} // namespace boxoffice::server::domain
