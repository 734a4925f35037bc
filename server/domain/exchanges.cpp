// SPDX-License-Identifier: GPL-3.0-or-later
#include "exchanges.h"

#include "error.h"
#include "events/counteraudit.h"
#include "events/holdevents.h"
#include "events/saleevents.h"

#include "db/boxofficerepository.h"
#include "db/counterrepository.h"
#include "db/gazonerepository.h"
#include "db/orderrepository.h"
#include "db/outboxrepository.h"
#include "db/ticketsalerepository.h"

#include <QUuid>

#include <algorithm>

namespace boxoffice::server::domain {

using db::BoxOfficeRepository;
using db::CounterRepository;
using db::GaZoneRepository;
using db::OrderRepository;
using db::OutboxRepository;
using db::TicketSaleRepository;

namespace {

// Expired holds of the zone give their places back first, as a new hold would (zone locked).
void reclaimExpired(db::Tx &tx, const QString &eventId, const QString &gaId)
{
    const int reclaimed = GaZoneRepository::reclaimExpiredGa(tx, eventId, gaId);
    OutboxRepository::record(tx, events::GaHoldsExpired{eventId, gaId, reclaimed});
}

// Checks the payment of a non-zero difference; the change handed back for a dearer place.
qint64 settle(const Principal &clerk,
              const Exchanges::Request &request,
              qint64 difference,
              bool shiftOpen)
{
    if (!request.payment)
        throw Error(ErrorCode::InsufficientPayment,
                    QStringLiteral("the new place costs %1 cents %2: a `payment` is needed")
                        .arg(std::abs(difference))
                        .arg(difference > 0 ? QStringLiteral("more") : QStringLiteral("less")),
                    ErrorDetails{.differenceCents = difference});
    const CounterPayment &payment = *request.payment;
    if (payment.method == u"comp" && !auth::hasRole(clerk.role, auth::Role::Manager))
        throw Error(ErrorCode::Forbidden,
                    QStringLiteral("complimentary differences need a manager"));
    if (difference < 0 && payment.method == u"comp")
        throw Error::badRequest(QStringLiteral(
            "a difference is given back in cash, to the card or split between them"));
    if (payment.takesCash() && !shiftOpen)
        throw Error(ErrorCode::ShiftRequired,
                    QStringLiteral("open a shift (POST /shifts) before handling cash"));
    if (difference < 0) {
        payment.checkGivenBack(-difference);
        return 0;
    }
    return payment.settle(difference);
}

// Outbox rows for the seat map and the seat history: the old place freed, the new one sold.
void announce(
    db::Tx &tx, const Principal &clerk, const Order &order, const Ticket &old, const Ticket &fresh)
{
    OutboxRepository::record(tx,
                             events::TicketExchanged{order.eventId,
                                                     order.id,
                                                     clerk.subject,
                                                     {old.id, old.seatId, old.gaId},
                                                     {fresh.id, fresh.seatId, fresh.gaId}});
}

} // namespace

Exchange Exchanges::run(db::Tx &tx,
                        const Principal &clerk,
                        const QString &orderId,
                        const Request &request) const
{
    const auto order = OrderRepository::load(tx, orderId, true);
    if (!order)
        throw Error(ErrorCode::NotFound, QStringLiteral("no such order"));
    const bool wellFormed = request.ticketId.size() == 36
                            && !QUuid::fromString(request.ticketId).isNull();
    const QList<db::PricedTicket> found
        = wellFormed ? BoxOfficeRepository::lockPricedTickets(tx, {request.ticketId})
                     : QList<db::PricedTicket>();
    if (found.isEmpty() || found.first().orderId != order->id)
        throw Error(ErrorCode::TicketNotInOrder,
                    QStringLiteral("the ticket is not in this order"),
                    ErrorDetails{.tickets = {request.ticketId}});
    const db::PricedTicket old = found.first();
    if (order->status != u"paid")
        throw Error(ErrorCode::InvalidState,
                    QStringLiteral("only paid orders are exchanged (this one is %1)")
                        .arg(order->status));
    if (old.ticket.status != u"valid")
        throw Error(ErrorCode::TicketVoid, QStringLiteral("the ticket is void already"));
    if (const auto used = CounterRepository::usedAt(tx, old.ticket.id))
        throw Error(ErrorCode::TicketUsed,
                    QStringLiteral("the ticket was scanned at the door; it cannot be exchanged"),
                    ErrorDetails{.usedAt = *used});
    const bool toGa = !request.gaId.isEmpty();
    if ((toGa && old.ticket.gaId == request.gaId) || (!toGa && old.ticket.seatId == request.seatId))
        throw Error::badRequest(QStringLiteral("the ticket is for that place already"));

    // GA zones are locked in ga_id order: two exchanges between the same zones in opposite
    // directions then queue instead of deadlocking.
    QStringList zones;
    if (!old.ticket.gaId.isEmpty())
        zones.append(old.ticket.gaId);
    if (toGa)
        zones.append(request.gaId);
    std::sort(zones.begin(), zones.end());
    std::optional<db::GaTarget> zone;
    for (const QString &ga : std::as_const(zones)) {
        const auto locked = CounterRepository::lockGaTarget(tx, order->eventId, ga);
        if (ga == request.gaId)
            zone = locked;
    }
    qint64 newPrice = 0;
    if (toGa) {
        if (!zone)
            throw Error(ErrorCode::NotFound,
                        QStringLiteral("the event has no GA zone %1").arg(request.gaId));
        reclaimExpired(tx, order->eventId, request.gaId);
        if (!CounterRepository::sellFreeGaPlace(tx, order->eventId, request.gaId))
            throw Error(ErrorCode::InsufficientCapacity,
                        QStringLiteral("GA zone %1 is full").arg(request.gaId),
                        ErrorDetails{.limit = zone->capacity});
        newPrice = zone->priceCents;
    } else {
        const auto seat = CounterRepository::lockSeat(tx, order->eventId, request.seatId);
        if (!seat)
            throw Error(ErrorCode::NotFound,
                        QStringLiteral("the event has no seat %1").arg(request.seatId));
        // The row lock orders us with any hold for the seat: whoever comes second sees it taken.
        if (seat->status != u"available"
            || !CounterRepository::takeFreeSeat(tx,
                                                order->eventId,
                                                request.seatId,
                                                order->owner,
                                                order->holdId))
            throw Error(ErrorCode::SeatUnavailable,
                        QStringLiteral("seat %1 is not free").arg(request.seatId),
                        ErrorDetails{.seats = {request.seatId}});
        newPrice = seat->priceCents;
    }

    const qint64 difference = newPrice - old.priceCents;
    const auto shift = BoxOfficeRepository::openShiftOf(tx, clerk.subject);
    const qint64 change = difference == 0 ? 0
                                          : settle(clerk, request, difference, shift.has_value());

    // Void first: the database allows one valid ticket per seat and we never want two valid.
    BoxOfficeRepository::voidTicket(tx, old.ticket.id, {});
    if (old.ticket.gaId.isEmpty())
        TicketSaleRepository::freeSoldSeats(tx, order->eventId, {old.ticket.seatId});
    else // its zone row is locked above
        TicketSaleRepository::unsellGa(tx, order->eventId, old.ticket.gaId, 1);
    Ticket moved = old.ticket;
    moved.seatId = request.seatId;
    moved.gaId = request.gaId;
    const Ticket fresh = m_fulfilment.issueLike(tx, moved, order->id);
    BoxOfficeRepository::voidTicket(tx, old.ticket.id, fresh.id);
    announce(tx, clerk, *order, old.ticket, fresh);

    if (difference != 0) {
        const qint64 sign = difference > 0 ? 1 : -1;
        const QString kind = difference > 0 ? QStringLiteral("sale") : QStringLiteral("refund");
        // One amount change per method: the transaction log gets a difference row for each.
        for (const auto &[method, cents] : request.payment->byMethod(std::abs(difference))) {
            CounterRepository::adjustAmount(tx, order->id, sign * cents, method);
            if (shift)
                BoxOfficeRepository::addEntry(tx, shift->id, order->id, kind, method, cents);
        }
    }
    BoxOfficeRepository::audit(tx,
                               events::CounterExchanged{.clerk = clerk.subject,
                                                        .orderId = order->id,
                                                        .oldTicketId = old.ticket.id,
                                                        .newTicketId = fresh.id,
                                                        .fromSeat = old.ticket.seatId,
                                                        .toSeat = request.seatId,
                                                        .fromGa = old.ticket.gaId,
                                                        .toGa = request.gaId,
                                                        .differenceCents = difference,
                                                        .payment
                                                        = request.payment
                                                              ? std::optional<db::PaymentTender>(
                                                                  *request.payment)
                                                              : std::nullopt,
                                                        .shiftId = shift ? shift->id : QString()});
    Ticket ticket = fresh;
    ticket.priceCents = newPrice;
    return Exchange{.order = *OrderRepository::load(tx, order->id),
                    .oldTicketId = old.ticket.id,
                    .fromSeat = old.ticket.seatId,
                    .fromGa = old.ticket.gaId,
                    .ticket = ticket,
                    .differenceCents = difference,
                    .changeCents = change};
}

} // namespace boxoffice::server::domain
