// SPDX-License-Identifier: GPL-3.0-or-later
#include "refunds.h"

#include "error.h"
#include "events/counteraudit.h"

#include "db/boxofficerepository.h"
#include "db/counterrepository.h"
#include "db/orderrepository.h"
#include "db/pricingrepository.h"
#include "db/refundqueuerepository.h"
#include "db/ticketrepository.h"

#include <QSet>
#include <QUuid>

#include <algorithm>

namespace boxoffice::server::domain {

using db::BoxOfficeRepository;
using db::CounterRepository;
using db::OrderRepository;
using db::PricedTicket;
using db::RefundQueueRepository;

namespace {

bool isUuid(const QString &text)
{
    return text.size() == 36 && !QUuid::fromString(text).isNull();
}

} // namespace

Refund Refunds::run(db::Tx &tx,
                    const Principal &clerk,
                    const QString &orderId,
                    const std::optional<QStringList> &ticketIds) const
{
    const auto order = OrderRepository::load(tx, orderId, true);
    if (!order)
        throw Error(ErrorCode::NotFound, QStringLiteral("no such order"));

    QList<PricedTicket> chosen;
    if (ticketIds) {
        QStringList wellFormed, unknown;
        for (const QString &id : *ticketIds)
            (isUuid(id) ? wellFormed : unknown).append(id);
        QStringList voided;
        QSet<QString> found;
        for (const PricedTicket &priced : BoxOfficeRepository::lockPricedTickets(tx, wellFormed)) {
            found.insert(priced.ticket.id);
            if (priced.orderId != order->id)
                unknown.append(priced.ticket.id);
            else if (priced.ticket.status != u"valid")
                voided.append(priced.ticket.id);
            else
                chosen.append(priced);
        }
        for (const QString &id : wellFormed) {
            if (!found.contains(id))
                unknown.append(id);
        }
        // Another order's ticket answers like an unknown one: ids never reveal other orders.
        if (!unknown.isEmpty())
            throw Error(ErrorCode::TicketNotInOrder,
                        QStringLiteral("%1 of the tickets are not in this order").arg(unknown.size()),
                        ErrorDetails{.tickets = unknown});
        if (!voided.isEmpty())
            throw Error(ErrorCode::TicketVoid,
                        QStringLiteral("%1 of the tickets are void already (refunded or "
                                       "reissued)")
                            .arg(voided.size()),
                        ErrorDetails{.tickets = voided});
    }
    if (order->status != u"paid")
        throw Error(ErrorCode::InvalidState,
                    QStringLiteral("only paid orders can be refunded (this one is %1)")
                        .arg(order->status));
    if (!ticketIds) {
        QStringList valid;
        for (const Ticket &ticket : order->tickets) {
            if (ticket.status == u"valid")
                valid.append(ticket.id);
        }
        // A reissue that committed meanwhile voided one of them: only what is still valid.
        for (const PricedTicket &priced : BoxOfficeRepository::lockPricedTickets(tx, valid)) {
            if (priced.ticket.status == u"valid")
                chosen.append(priced);
        }
    }

    if (chosen.isEmpty())
        throw Error(ErrorCode::InvalidState, QStringLiteral("the order has no valid tickets"));
    // A ticket used at the door stays used (#15 defect 6): only a manager refunds one.
    if (!auth::hasRole(clerk.role, auth::Role::Manager)) {
        QStringList ids;
        for (const PricedTicket &priced : std::as_const(chosen))
            ids.append(priced.ticket.id);
        if (const QStringList used = db::TicketRepository::usedAmong(tx, ids); !used.isEmpty())
            throw Error(ErrorCode::TicketUsed,
                        QStringLiteral("%1 of the tickets were used at the door already: a "
                                       "manager may refund them")
                            .arg(used.size()),
                        ErrorDetails{.tickets = used});
    }
    const auto shift = BoxOfficeRepository::openShiftOf(tx, clerk.subject);
    const bool counter = order->channel != u"online";
    const QList<db::PaymentPartRow> parts = order->paymentMethod == u"split"
                                                ? CounterRepository::lockParts(tx, order->id)
                                                : QList<db::PaymentPartRow>();
    const bool cashBack = order->paymentMethod == u"cash"
                          || std::any_of(parts.begin(), parts.end(), [](const auto &part) {
                                 return part.method == u"cash"
                                        && part.refundedCents < part.amountCents;
                             });
    if (counter && cashBack && !shift)
        throw Error(ErrorCode::ShiftRequired,
                    QStringLiteral("open a shift (POST /shifts) before paying cash back"));

    QList<Ticket> voided;
    QStringList voidedIds, places;
    qint64 prices = 0;
    for (const PricedTicket &priced : std::as_const(chosen)) {
        BoxOfficeRepository::voidTicket(tx, priced.ticket.id, {});
        voided.append(priced.ticket);
        voidedIds.append(priced.ticket.id);
        places.append(priced.ticket.seatId.isEmpty() ? priced.ticket.gaId : priced.ticket.seatId);
        prices += priced.priceCents;
    }
    // Their lines no longer count against their ticket types' limits.
    db::PricingRepository::markRefunded(tx, order->id, places);
    m_fulfilment.release(tx, order->eventId, voided);

    // Counted afresh: a ticket reissued meanwhile is a new valid row the first read missed.
    const auto current = OrderRepository::load(tx, orderId);
    qsizetype stillValid = 0;
    for (const Ticket &ticket : current->tickets)
        stillValid += ticket.status == u"valid" ? 1 : 0;
    // The last refund takes what is left but the fees the order keeps (docs/pricing.md), so
    // the parts always add up to the order's amount; the same for the tax within.
    const qint64 left = std::max<qint64>(0,
                                         order->amountCents - order->refundedCents
                                             - order->keptCents);
    const qint64 amount = stillValid == 0 ? left : std::min(prices, left);
    const qint64 taxLeft = std::max<qint64>(0,
                                            order->taxCents - order->refundedTaxCents
                                                - order->keptTaxCents);
    const qint64 tax = stillValid == 0
                           ? taxLeft
                           : std::min(db::PricingRepository::ticketTax(tx, voidedIds), taxLeft);
    OrderRepository::addOrderRefunded(tx, order->id, amount, tax);
    const QString reason = QStringLiteral("refunded by %1").arg(clerk.subject);
    // Same status for a partial refund: the order.<status> outbox row still tells the owner.
    OrderRepository::setOrderStatus(tx,
                                    order->id,
                                    stillValid == 0 ? QStringLiteral("refunded")
                                                    : QStringLiteral("paid"),
                                    stillValid == 0 ? reason
                                                    : QStringLiteral("partly %1").arg(reason));

    if (!counter) {
        // The money goes back through the provider, retried by the compensation worker; the
        // card first, and never more than it was charged: a dearer seat taken in an exchange
        // was paid at the counter, so what the card cannot take back is paid out there in cash.
        const bool charged = order->attempt && !order->attempt->intentId.isEmpty();
        const qint64 onCard = charged
                                  ? std::clamp(order->attempt->amountCents - order->refundedCents,
                                               qint64(0),
                                               amount)
                                  : 0;
        if (onCard > 0)
            RefundQueueRepository::insertDue(tx,
                                             order->id,
                                             order->attempt->intentId,
                                             onCard,
                                             order->currency,
                                             QStringLiteral("staff_refund"),
                                             QStringLiteral("refund"));
        if (const qint64 inCash = amount - onCard; charged && inCash > 0) {
            if (!shift)
                throw Error(ErrorCode::ShiftRequired,
                            QStringLiteral("%1 cents of this refund were paid at the counter: open "
                                           "a shift (POST /shifts) to pay them back in cash")
                                .arg(inCash));
            BoxOfficeRepository::addEntry(tx,
                                          shift->id,
                                          order->id,
                                          QStringLiteral("refund"),
                                          QStringLiteral("cash"),
                                          inCash);
        }
    } else if (order->paymentMethod == u"split") {
        // A split goes back to the card first, then in cash: each part at most what it paid.
        qint64 toGive = amount;
        for (const QString &method : {QStringLiteral("card_present"), QStringLiteral("cash")}) {
            for (const db::PaymentPartRow &part : parts) {
                const qint64 take = std::min(toGive, part.amountCents - part.refundedCents);
                if (part.method != method || take <= 0)
                    continue;
                CounterRepository::addPartRefunded(tx, part.id, take);
                if (shift)
                    BoxOfficeRepository::addEntry(tx,
                                                  shift->id,
                                                  order->id,
                                                  QStringLiteral("refund"),
                                                  method,
                                                  take);
                toGive -= take;
            }
        }
    } else if (shift && order->paymentMethod != u"comp") {
        BoxOfficeRepository::addEntry(tx,
                                      shift->id,
                                      order->id,
                                      QStringLiteral("refund"),
                                      order->paymentMethod,
                                      amount);
    }
    BoxOfficeRepository::audit(tx,
                               events::CounterRefunded{clerk.subject,
                                                       order->id,
                                                       order->paymentMethod,
                                                       amount,
                                                       voidedIds,
                                                       stillValid == 0,
                                                       shift ? shift->id : QString()});
    Refund refund{*OrderRepository::load(tx, orderId), amount, voidedIds};
    // Staff views never show the payment's client secret.
    if (refund.order.attempt)
        refund.order.attempt->clientSecret.clear();
    return refund;
}

} // namespace boxoffice::server::domain
