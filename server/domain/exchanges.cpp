// SPDX-License-Identifier: GPL-3.0-or-later
#include "exchanges.h"

#include "error.h"

#include "db/boxofficerepository.h"
#include "db/counterrepository.h"
#include "db/orderrepository.h"
#include "db/outboxrepository.h"
#include "db/paymentrecord.h"
#include "db/ticketsalerepository.h"

#include <QJsonArray>
#include <QUuid>

namespace boxoffice::server::domain {

using db::BoxOfficeRepository;
using db::CounterRepository;
using db::OrderRepository;
using db::OutboxRepository;
using db::TicketSaleRepository;

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
    if (old.ticket.seatId.isEmpty())
        throw Error(ErrorCode::InvalidState,
                    QStringLiteral("standing-place tickets are not exchanged for seats"));
    if (old.ticket.seatId == request.seatId)
        throw Error::badRequest(QStringLiteral("the ticket is for that seat already"));

    const auto seat = CounterRepository::lockSeat(tx, order->eventId, request.seatId);
    if (!seat)
        throw Error(ErrorCode::NotFound,
                    QStringLiteral("the event has no seat %1").arg(request.seatId));
    // The row lock above orders us with any hold for the seat: whoever comes second sees it taken.
    if (seat->status != u"available"
        || !CounterRepository::takeFreeSeat(tx,
                                            order->eventId,
                                            request.seatId,
                                            order->owner,
                                            order->holdId))
        throw Error(ErrorCode::SeatUnavailable,
                    QStringLiteral("seat %1 is not free").arg(request.seatId),
                    ErrorDetails{.seats = {request.seatId}});

    const qint64 difference = seat->priceCents - old.priceCents;
    const auto shift = BoxOfficeRepository::openShiftOf(tx, clerk.subject);
    qint64 change = 0;
    if (difference != 0) {
        if (!request.payment)
            throw Error(ErrorCode::InsufficientPayment,
                        QStringLiteral("the new seat costs %1 cents %2: a `payment` is needed")
                            .arg(std::abs(difference))
                            .arg(difference > 0 ? QStringLiteral("more") : QStringLiteral("less")),
                        ErrorDetails{.differenceCents = difference});
        const CounterPayment &payment = *request.payment;
        if (payment.method == u"comp" && !auth::hasRole(clerk.role, auth::Role::Manager))
            throw Error(ErrorCode::Forbidden,
                        QStringLiteral("complimentary differences need a manager"));
        if (difference < 0 && payment.method != u"cash" && payment.method != u"card_present")
            throw Error::badRequest(
                QStringLiteral("a difference is given back in cash or to the card"));
        if (payment.takesCash() && !shift)
            throw Error(ErrorCode::ShiftRequired,
                        QStringLiteral("open a shift (POST /shifts) before handling cash"));
        if (difference > 0)
            change = payment.settle(difference);
    }

    // Void first: the database allows one valid ticket per seat and we never want two valid.
    BoxOfficeRepository::voidTicket(tx, old.ticket.id, {});
    TicketSaleRepository::freeSoldSeats(tx, order->eventId, {old.ticket.seatId});
    Ticket moved = old.ticket;
    moved.seatId = request.seatId;
    const Ticket fresh = m_fulfilment.issueLike(tx, moved, order->id);
    BoxOfficeRepository::voidTicket(tx, old.ticket.id, fresh.id);
    const QJsonObject trail{{QStringLiteral("order_id"), order->id},
                            {QStringLiteral("reason"), QStringLiteral("exchanged")},
                            {QStringLiteral("old_ticket_id"), old.ticket.id},
                            {QStringLiteral("new_ticket_id"), fresh.id},
                            {QStringLiteral("from_seat"), old.ticket.seatId},
                            {QStringLiteral("to_seat"), request.seatId},
                            {QStringLiteral("clerk"), clerk.subject}};
    QJsonObject released = trail;
    released.insert(u"seats", QJsonArray{old.ticket.seatId});
    OutboxRepository::append(tx, order->eventId, QStringLiteral("seats.released"), released);
    QJsonObject sold = trail;
    sold.insert(u"seats", QJsonArray{request.seatId});
    OutboxRepository::append(tx, order->eventId, QStringLiteral("seats.sold"), sold);

    if (difference != 0) {
        CounterRepository::adjustAmount(tx, order->id, difference);
        const QString kind = difference > 0 ? QStringLiteral("sale") : QStringLiteral("refund");
        if (shift) {
            for (const auto &[method, cents] : request.payment->byMethod(std::abs(difference)))
                BoxOfficeRepository::addEntry(tx, shift->id, order->id, kind, method, cents);
        }
    }
    BoxOfficeRepository::audit(tx,
                               clerk.subject,
                               QStringLiteral("exchange"),
                               order->id,
                               {{QStringLiteral("old_ticket_id"), old.ticket.id},
                                {QStringLiteral("new_ticket_id"), fresh.id},
                                {QStringLiteral("from_seat"), old.ticket.seatId},
                                {QStringLiteral("to_seat"), request.seatId},
                                {QStringLiteral("difference_cents"), difference},
                                {QStringLiteral("payment"),
                                 request.payment ? db::paymentRecord(*request.payment)
                                                 : QJsonObject()},
                                {QStringLiteral("shift_id"), shift ? shift->id : QString()}});
    Ticket ticket = fresh;
    ticket.priceCents = seat->priceCents;
    return Exchange{*OrderRepository::load(tx, order->id),
                    old.ticket.id,
                    old.ticket.seatId,
                    ticket,
                    difference,
                    change};
}

} // namespace boxoffice::server::domain
