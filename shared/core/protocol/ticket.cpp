// SPDX-License-Identifier: GPL-3.0-or-later
#include "ticket.h"

#include "wirereader.h"

namespace boxoffice::protocol {

namespace {

QJsonValue orNull(const QString &text)
{
    return text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(text);
}

} // namespace

QJsonObject Ticket::toJson() const
{
    QJsonObject out{{QStringLiteral("ticket_id"), id},
                    {QStringLiteral("event_id"), eventId},
                    {QStringLiteral("seat_id"), orNull(seatId)},
                    {QStringLiteral("ga_id"), orNull(gaId)},
                    {QStringLiteral("code"), code},
                    {QStringLiteral("status"), status}};
    if (priceCents)
        out.insert(u"price_cents", *priceCents);
    if (transferred)
        out.insert(u"transferred", true);
    return out;
}

Ticket readTicket(WireReader &in)
{
    Ticket ticket;
    ticket.id = in.text("ticket_id");
    ticket.eventId = in.text("event_id");
    ticket.seatId = in.nullableText("seat_id").value_or(QString());
    ticket.gaId = in.nullableText("ga_id").value_or(QString());
    ticket.code = in.text("code");
    ticket.status = in.text("status");
    ticket.priceCents = in.optionalInteger("price_cents");
    ticket.transferred = in.optionalFlag("transferred");
    return ticket;
}

Parsed<Ticket> Ticket::fromJson(const QJsonObject &json)
{
    return WireReader::parse<Ticket>(json, readTicket);
}

} // namespace boxoffice::protocol
