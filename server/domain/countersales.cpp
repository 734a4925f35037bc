// SPDX-License-Identifier: GPL-3.0-or-later
#include "countersales.h"

#include "events/counteraudit.h"
#include "ids.h"
#include "orderpricing.h"

#include "db/boxofficerepository.h"
#include "db/counterrepository.h"
#include "db/holdrepository.h"
#include "db/mailrepository.h"
#include "db/orderrepository.h"
#include "db/paymentattemptrepository.h"
#include "db/requestfingerprintcodec.h"

namespace boxoffice::server::domain {

using db::BoxOfficeRepository;
using db::CounterRepository;
using db::HoldRepository;
using db::OrderRepository;
using db::PaymentAttemptRepository;

namespace {

// What refunds and exchanges refuse before any transaction: not a clerk, an id that cannot be an
// order, a malformed Idempotency-Key.
std::optional<Error> refuseOrderChange(const Principal &clerk,
                                       const QString &orderId,
                                       const std::optional<QString> &idempotencyKey)
{
    if (!auth::hasRole(clerk.role, auth::Role::Clerk))
        return Error(ErrorCode::Forbidden, QStringLiteral("clerks only"));
    if (!isUuid(orderId))
        return Error(ErrorCode::NotFound, QStringLiteral("no such order"));
    if (idempotencyKey) {
        try {
            Idempotency::validateKey(*idempotencyKey);
        } catch (const Error &error) {
            return error;
        }
    }
    return std::nullopt;
}

} // namespace

CounterSales::CounterSales(db::Database &database, const Fulfilment &fulfilment)
    : m_fulfilment(fulfilment)
    , m_idempotency(database)
    , m_refunds(fulfilment)
    , m_exchanges(fulfilment)
{}

Result<PlacedOrder> CounterSales::sell(const Principal &clerk,
                                       const QString &holdId,
                                       const CounterPayment &payment,
                                       const std::optional<QString> &idempotencyKey,
                                       const AnswerCodec<PlacedOrder> &codec,
                                       const SaleContact &contact)
{
    if (!auth::hasRole(clerk.role, auth::Role::Clerk))
        return Error(ErrorCode::Forbidden, QStringLiteral("clerks only"));
    if (payment.method == u"comp" && !auth::hasRole(clerk.role, auth::Role::Manager))
        return Error(ErrorCode::Forbidden, QStringLiteral("complimentary tickets need a manager"));
    if (idempotencyKey) {
        try {
            Idempotency::validateKey(*idempotencyKey);
        } catch (const Error &error) {
            return error;
        }
    }
    const QByteArray fingerprint = db::requestFingerprintBytes(
        db::CounterSaleFingerprint{holdId, payment, contact.email, contact.locale});
    auto sold = m_idempotency.run<PlacedOrder>(clerk.subject,
                                               QStringLiteral("order.create"),
                                               idempotencyKey,
                                               fingerprint,
                                               codec,
                                               [&](db::Tx &tx) {
                                                   return sellInTx(tx,
                                                                   clerk,
                                                                   holdId,
                                                                   payment,
                                                                   contact);
                                               });
    // Committed: the clerk (the hold's owner) leaves the event's waiting-room active set.
    if (sold && sold->created)
        m_fulfilment.paid(sold->order.eventId, clerk.subject);
    return sold;
}

PlacedOrder CounterSales::sellInTx(db::Tx &tx,
                                   const Principal &clerk,
                                   const QString &holdId,
                                   const CounterPayment &payment,
                                   const SaleContact &contact)
{
    if (!isUuid(holdId))
        throw Error(ErrorCode::NotFound, QStringLiteral("no such hold"));
    const auto hold = HoldRepository::findHold(tx, holdId, true);
    if (!hold || hold->owner != clerk.subject)
        throw Error(ErrorCode::NotFound, QStringLiteral("no such hold"));
    if (const QString existing = OrderRepository::orderIdForHold(tx, holdId); !existing.isEmpty())
        return PlacedOrder{*OrderRepository::load(tx, existing), false};
    if (hold->status != u"active")
        throw Error(ErrorCode::HoldExpired, QStringLiteral("the hold is no longer live"));
    const auto shift = BoxOfficeRepository::openShiftOf(tx, clerk.subject);
    if (!shift && payment.takesCash())
        throw Error(ErrorCode::ShiftRequired,
                    QStringLiteral("open a shift (POST /shifts) before taking cash"));
    PricedOrder priced = priceOrder(tx, *hold, clerk.subject, QStringLiteral("box_office"));
    db::NewOrder &row = priced.row;
    const qint64 amount = row.amountCents;
    row.paymentMethod = payment.method;
    row.clerk = clerk.subject;
    row.shiftId = shift ? shift->id : QString();
    row.reference = payment.reference;
    const qint64 change = payment.settle(amount);
    if (payment.takesCash()) {
        row.tenderedCents = payment.tenderedCents;
        row.changeCents = change;
    }
    QString orderId;
    try {
        orderId = OrderRepository::insertOrder(tx, row);
    } catch (const db::SaleRefused &) { // cancelled meanwhile (the orders trigger)
        throw Error(ErrorCode::EventCancelled, QStringLiteral("this event is cancelled"));
    }
    // Before the tickets: each keeps what its line says a refund pays back (ticket_price.sql).
    recordLines(tx, orderId, priced);
    for (const CounterPayment::Part &part : payment.parts)
        CounterRepository::insertPart(tx,
                                      orderId,
                                      part.method,
                                      part.amountCents,
                                      part.tenderedCents,
                                      part.reference);
    PaymentAttemptRepository::insert(tx,
                                     orderId,
                                     QStringLiteral("box_office"),
                                     payment.method,
                                     amount,
                                     row.currency,
                                     QStringLiteral("succeeded"));
    // Before it is paid: the trigger that marks it paid writes the mail job (migration 0071).
    if (!contact.email.isEmpty())
        db::MailRepository::setContact(tx, orderId, contact.email, contact.locale);
    const auto order = OrderRepository::load(tx, orderId, true);
    QString reason;
    if (!m_fulfilment.fulfil(tx, *order, &reason))
        throw Error(ErrorCode::HoldExpired,
                    QStringLiteral("the hold lost its seats (%1)").arg(reason));
    if (shift) {
        for (const auto &[method, cents] : payment.byMethod(amount))
            BoxOfficeRepository::addEntry(tx,
                                          shift->id,
                                          orderId,
                                          QStringLiteral("sale"),
                                          method,
                                          cents);
    }
    BoxOfficeRepository::audit(tx,
                               events::CounterSold{clerk.subject,
                                                   orderId,
                                                   payment,
                                                   amount,
                                                   shift ? shift->id : QString()});
    return PlacedOrder{*OrderRepository::load(tx, orderId), true};
}

Result<Refund> CounterSales::refund(const Principal &clerk,
                                    const QString &orderId,
                                    const std::optional<QStringList> &ticketIds,
                                    const std::optional<QString> &idempotencyKey,
                                    const AnswerCodec<Refund> &codec)
{
    if (auto refused = refuseOrderChange(clerk, orderId, idempotencyKey))
        return *refused;
    return m_idempotency.run<Refund>(clerk.subject,
                                     QStringLiteral("order.refund"),
                                     idempotencyKey,
                                     db::requestFingerprintBytes(
                                         db::RefundFingerprint{orderId.toLower(), ticketIds}),
                                     codec,
                                     [&](db::Tx &tx) {
                                         return m_refunds.run(tx, clerk, orderId, ticketIds);
                                     });
}

Result<Exchange> CounterSales::exchange(const Principal &clerk,
                                        const QString &orderId,
                                        const Exchanges::Request &request,
                                        const std::optional<QString> &idempotencyKey,
                                        const AnswerCodec<Exchange> &codec)
{
    if (auto refused = refuseOrderChange(clerk, orderId, idempotencyKey))
        return *refused;
    const db::ExchangeFingerprint fingerprint{orderId.toLower(),
                                              request.ticketId,
                                              request.seatId,
                                              request.gaId,
                                              request.payment ? std::optional<db::PaymentTender>(
                                                  *request.payment)
                                                              : std::nullopt};
    return m_idempotency.run<Exchange>(clerk.subject,
                                       QStringLiteral("order.exchange"),
                                       idempotencyKey,
                                       db::requestFingerprintBytes(fingerprint),
                                       codec,
                                       [&](db::Tx &tx) {
                                           return m_exchanges.run(tx,
                                                                  clerk,
                                                                  orderId.toLower(),
                                                                  request);
                                       });
}

} // namespace boxoffice::server::domain
