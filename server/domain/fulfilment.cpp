// SPDX-License-Identifier: GPL-3.0-or-later
#include "fulfilment.h"

#include "events/saleevents.h"

#include "db/gazonerepository.h"
#include "db/holdrepository.h"
#include "db/orderrepository.h"
#include "db/outboxrepository.h"
#include "db/ticketsalerepository.h"

#include <QLoggingCategory>
#include <QUuid>

namespace boxoffice::server::domain {

using db::GaZoneRepository;
using db::HoldRepository;
using db::OrderRepository;
using db::OutboxRepository;
using db::TicketSaleRepository;

Q_LOGGING_CATEGORY(lcFulfilment, "boxoffice.fulfilment")

void Fulfilment::paid(const QString &eventId, const QString &owner) const
{
    if (!m_onPaid)
        return;
    try {
        m_onPaid(eventId, owner);
    } catch (const std::exception &error) {
        qCWarning(lcFulfilment) << "after payment of" << owner << "for" << eventId << ":"
                                << error.what();
    }
}

bool Fulfilment::fulfil(db::Tx &tx, const Order &order, QString *reason) const
{
    auto hold = HoldRepository::findHold(tx, order.holdId, false);
    if (!hold) {
        *reason = QStringLiteral("hold_missing");
        return false;
    }
    // GA: the zone row first, then the hold (the order every GA path uses).
    if (!hold->gaId.isEmpty())
        GaZoneRepository::lockGaZone(tx, order.eventId, hold->gaId);
    hold = HoldRepository::findHold(tx, order.holdId, true);
    if (hold->storedStatus != u"active") {
        *reason = QStringLiteral("hold_%1").arg(hold->storedStatus);
        return false;
    }
    // Past its time is fine as long as nobody took the seats: they still carry this hold_id.
    if (!hold->seats.isEmpty()) {
        const QStringList still = TicketSaleRepository::lockHeldSeats(tx,
                                                                      order.eventId,
                                                                      hold->id,
                                                                      hold->seats);
        if (still.size() != hold->seats.size()) {
            *reason = QStringLiteral("seats_lost");
            return false;
        }
        TicketSaleRepository::sellSeats(tx, order.eventId, hold->id, hold->seats);
    }
    if (!hold->gaId.isEmpty() && hold->gaQuantity > 0)
        TicketSaleRepository::sellGa(tx, order.eventId, hold->gaId, hold->gaQuantity);
    HoldRepository::setHoldStatus(tx, hold->id, QStringLiteral("ordered"));

    auto issue = [&](const QString &seat, const QString &ga) {
        const QString id = QUuid::createUuid().toString(QUuid::WithoutBraces);
        TicketSaleRepository::insertTicket(tx,
                                           id,
                                           order.id,
                                           order.eventId,
                                           seat,
                                           ga,
                                           m_codes.sign(id, order.eventId, seat, ga, 1));
    };
    for (const QString &seat : hold->seats)
        issue(seat, {});
    for (int i = 0; i < hold->gaQuantity; ++i)
        issue({}, hold->gaId);
    OrderRepository::setOrderStatus(tx, order.id, QStringLiteral("paid"), {});
    OutboxRepository::record(tx,
                             events::OrderPaid{order.eventId,
                                               order.id,
                                               hold->seats,
                                               hold->gaId,
                                               hold->gaQuantity});
    return true;
}

void Fulfilment::unfulfil(db::Tx &tx, const Order &order, const QString &reason) const
{
    release(tx, order.eventId, TicketSaleRepository::voidTickets(tx, order.id));
    OrderRepository::setOrderStatus(tx, order.id, QStringLiteral("refunded"), reason);
}

void Fulfilment::release(db::Tx &tx, const QString &eventId, const QList<Ticket> &voided) const
{
    events::SoldPlacesFreed freed{.eventId = eventId};
    for (const Ticket &ticket : voided) {
        if (!ticket.seatId.isEmpty())
            freed.seats.append(ticket.seatId);
        else
            ++freed.gaPlaces[ticket.gaId];
    }
    if (!freed.seats.isEmpty())
        TicketSaleRepository::freeSoldSeats(tx, eventId, freed.seats);
    for (auto it = freed.gaPlaces.begin(); it != freed.gaPlaces.end(); ++it) {
        GaZoneRepository::lockGaZone(tx, eventId, it.key());
        TicketSaleRepository::unsellGa(tx, eventId, it.key(), it.value());
    }
    OutboxRepository::record(tx, freed);
}

Ticket Fulfilment::issueLike(db::Tx &tx, const Ticket &old, const QString &orderId) const
{
    Ticket ticket = old;
    ticket.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    ticket.code = m_codes.sign(ticket.id, old.eventId, old.seatId, old.gaId, 1);
    ticket.status = QStringLiteral("valid");
    TicketSaleRepository::insertTicket(tx,
                                       ticket.id,
                                       orderId,
                                       old.eventId,
                                       old.seatId,
                                       old.gaId,
                                       ticket.code,
                                       old.id);
    return ticket;
}

} // namespace boxoffice::server::domain
