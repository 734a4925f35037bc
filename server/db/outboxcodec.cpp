// SPDX-License-Identifier: GPL-3.0-or-later
#include "outboxcodec.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace boxoffice::server::db {

namespace {

using namespace domain::events;

QJsonArray array(const QStringList &values)
{
    return QJsonArray::fromStringList(values);
}

QString timeText(const QDateTime &time)
{
    return time.isValid() ? time.toUTC().toString(Qt::ISODate) : QString();
}

struct Encoder
{
    QList<OutboxRow> &rows;

    void add(const QString &eventId, const char *kind, QJsonObject payload)
    {
        rows.append({eventId, QString::fromLatin1(kind), std::move(payload)});
    }

    void operator()(const HoldPlaced &e)
    {
        if (!e.seats.isEmpty())
            add(e.eventId, "seats.held", {{u"hold_id"_qs, e.holdId}, {u"seats"_qs, array(e.seats)}});
        if (!e.gaZone.isEmpty())
            add(e.eventId,
                "ga.held",
                {{u"hold_id"_qs, e.holdId}, {u"ga"_qs, e.gaZone}, {u"quantity"_qs, e.gaQuantity}});
    }
    void operator()(const HoldReleased &e)
    {
        if (!e.seats.isEmpty())
            add(e.eventId,
                "seats.released",
                {{u"hold_id"_qs, e.holdId},
                 {u"reason"_qs, u"released"_qs},
                 {u"seats"_qs, array(e.seats)}});
        if (!e.gaZone.isEmpty())
            add(e.eventId,
                "ga.released",
                {{u"hold_id"_qs, e.holdId}, {u"ga"_qs, e.gaZone}, {u"quantity"_qs, e.gaQuantity}});
    }
    void operator()(const GaHoldsExpired &e)
    {
        if (e.quantity > 0)
            add(e.eventId,
                "ga.released",
                {{u"ga"_qs, e.gaZone}, {u"quantity"_qs, e.quantity}, {u"reason"_qs, u"expired"_qs}});
    }
    void operator()(const OrderCreated &e)
    {
        add(e.eventId, "order.created", {{u"order_id"_qs, e.orderId}, {u"owner"_qs, e.owner}});
    }
    void operator()(const OrderPaid &e)
    {
        if (!e.seats.isEmpty())
            add(e.eventId,
                "seats.sold",
                {{u"seats"_qs, array(e.seats)}, {u"order_id"_qs, e.orderId}});
        if (e.gaQuantity > 0)
            add(e.eventId, "ga.sold", {{u"ga_id"_qs, e.gaZone}, {u"quantity"_qs, e.gaQuantity}});
    }
    void operator()(const SoldPlacesFreed &e)
    {
        if (!e.seats.isEmpty())
            add(e.eventId,
                "seats.released",
                {{u"seats"_qs, array(e.seats)}, {u"reason"_qs, u"refunded"_qs}});
        for (auto it = e.gaPlaces.begin(); it != e.gaPlaces.end(); ++it)
            add(e.eventId, "ga.released", {{u"ga_id"_qs, it.key()}, {u"quantity"_qs, it.value()}});
    }
    void operator()(const TicketExchanged &e)
    {
        // Both rows carry the whole exchange, for the seat history.
        const QJsonObject trail{{u"order_id"_qs, e.orderId},
                                {u"reason"_qs, u"exchanged"_qs},
                                {u"old_ticket_id"_qs, e.old.ticketId},
                                {u"new_ticket_id"_qs, e.fresh.ticketId},
                                {u"from_seat"_qs, e.old.seat},
                                {u"to_seat"_qs, e.fresh.seat},
                                {u"from_ga"_qs, e.old.gaZone},
                                {u"to_ga"_qs, e.fresh.gaZone},
                                {u"clerk"_qs, e.clerk}};
        auto place = [&](const TicketPlace &ticket, const char *seatKind, const char *gaKind) {
            QJsonObject payload = trail;
            if (ticket.gaZone.isEmpty()) {
                payload.insert(u"seats", QJsonArray{ticket.seat});
                add(e.eventId, seatKind, payload);
            } else {
                payload.insert(u"ga_id", ticket.gaZone);
                payload.insert(u"quantity", 1);
                add(e.eventId, gaKind, payload);
            }
        };
        place(e.old, "seats.released", "ga.released");
        place(e.fresh, "seats.sold", "ga.sold");
    }
    void operator()(const SeatsHeldBack &e)
    {
        if (!e.seats.isEmpty())
            add(e.eventId, "seats.blocked", {{u"seats"_qs, array(e.seats)}});
    }
    void operator()(const HeldBackSeatsReleased &e)
    {
        if (!e.seats.isEmpty())
            add(e.eventId, "seats.unblocked", {{u"seats"_qs, array(e.seats)}});
    }
    void operator()(const AllocationSeatsReturned &e)
    {
        if (!e.seats.isEmpty())
            add(e.eventId,
                "seats.blocked",
                {{u"hold_id"_qs, e.holdId},
                 {u"reason"_qs, u"released"_qs},
                 {u"allocation"_qs, e.allocation},
                 {u"seats"_qs, array(e.seats)}});
    }
    void operator()(const EventRescheduled &e)
    {
        add(e.eventId,
            "event.rescheduled",
            {{u"event_id"_qs, e.eventId},
             {u"starts_at"_qs, timeText(e.startsAt)},
             {u"mailed"_qs, e.mailed}});
    }
};

} // namespace

QList<OutboxRow> outboxRows(const DomainEvent &event)
{
    QList<OutboxRow> rows;
    std::visit(Encoder{rows}, event);
    return rows;
}

OutboxChange readOutboxPayload(const QByteArray &payload)
{
    const QJsonObject object = QJsonDocument::fromJson(payload).object();
    OutboxChange change;
    for (const auto &seat : object.value(u"seats").toArray())
        change.seats.append(seat.toString());
    // Holds name their zone "ga"; sales, refunds and exchanges "ga_id": either way the relay
    // recounts the zone, or the live map would miss places given back.
    if (object.value(u"ga").isString())
        change.gaZone = object.value(u"ga").toString();
    else if (object.value(u"ga_id").isString())
        change.gaZone = object.value(u"ga_id").toString();
    change.orderId = object.value(u"order_id").toString();
    change.owner = object.value(u"owner").toString();
    return change;
}

} // namespace boxoffice::server::db
