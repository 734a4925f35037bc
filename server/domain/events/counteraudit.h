// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What a clerk did at the counter, as the audit trail keeps it (one line each, written in the
// transaction of the change by db::BoxOfficeRepository::audit; db/counterauditcodec names the
// action and writes the details). Plain values only, besides the tender db/rows declares.

#include "db/rows/counterpayment.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <variant>

namespace boxoffice::server::domain::events {

/// A hold sold at the counter (`sale`).
struct CounterSold
{
    QString clerk;
    QString orderId;
    db::PaymentTender payment;
    qint64 amountCents = 0;
    QString shiftId; ///< empty without an open shift (card or comp only)
};

/// Tickets of an order refunded at the counter (`refund`).
struct CounterRefunded
{
    QString clerk;
    QString orderId;
    QString method; ///< the order's payment method
    qint64 amountCents = 0;
    QStringList ticketIds;
    bool whole = false; ///< no valid ticket left in the order
    QString shiftId;
};

/// A ticket exchanged for another place (`exchange`).
struct CounterExchanged
{
    QString clerk;
    QString orderId;
    QString oldTicketId;
    QString newTicketId;
    QString fromSeat;
    QString toSeat;
    QString fromGa;
    QString toGa;
    qint64 differenceCents = 0;
    std::optional<db::PaymentTender> payment; ///< none when nothing was paid
    QString shiftId;
};

/// A ticket given a new code, the old one void (`reissue`).
struct TicketReissued
{
    QString clerk;
    QString ticketId;
    QString orderId;
    int version = 0;
};

/// An order's tickets printed at the counter (`tickets.print`).
struct TicketsPrinted
{
    QString clerk;
    QString orderId;
    QStringList ticketIds;
    QString printer;
    QString shiftId;
};

/// An order's tickets mailed again (`tickets.mail`).
struct TicketsMailed
{
    QString clerk;
    QString orderId;
    QString recipient;
    QString locale;
    qint64 mailId = 0;
    QString messageId;
    QString shiftId;
};

/// A clerk's shift opened with a float in a drawer (`shift.open`).
struct ShiftOpened
{
    QString clerk;
    QString shiftId;
    qint64 floatCents = 0;
    QString drawer;
};

/// A shift closed with the cash counted (`shift.close`).
struct ShiftClosed
{
    QString clerk;
    QString shiftId;
    qint64 countedCents = 0;
    qint64 varianceCents = 0;
};

using CounterAuditRecord = std::variant<CounterSold,
                                        CounterRefunded,
                                        CounterExchanged,
                                        TicketReissued,
                                        TicketsPrinted,
                                        TicketsMailed,
                                        ShiftOpened,
                                        ShiftClosed>;

} // namespace boxoffice::server::domain::events
