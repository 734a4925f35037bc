// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/protocol/parsed.h>

#include <QJsonObject>
#include <QString>

#include <optional>

namespace boxoffice::protocol {

/// API.md's Ticket: `{"ticket_id","event_id","seat_id"|null,"ga_id"|null,"code","status"}`,
/// plus `price_cents` when read with its order and `transferred` once passed on to another fan.
struct Ticket
{
    QString id;
    QString eventId;
    QString seatId; ///< empty for GA
    QString gaId;   ///< empty for a seat
    QString code;
    QString status;                   ///< valid|void
    std::optional<qint64> priceCents; ///< set when read with its order
    bool transferred = false;         ///< passed on to another fan (its code is theirs)

    QJsonObject toJson() const;
    static Parsed<Ticket> fromJson(const QJsonObject &json);
};

class WireReader;
/// Reads a Ticket's members (a ticket inside an order, the exchange answer's new ticket).
Ticket readTicket(WireReader &in);

} // namespace boxoffice::protocol
