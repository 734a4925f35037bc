// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What an Idempotency-Key's request is, as its store compares it: a retry with the same key must
// ask the same. db/requestfingerprintcodec writes each as the bytes the store has always hashed
// (stored keys must still replay), so nothing here may change how they are written.

#include "db/rows/counterpayment.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <variant>

namespace boxoffice::server::db {

/// POST /holds: the seats (or section and quantity, or GA zone and quantity) asked for.
struct HoldFingerprint
{
    QString eventId;
    QStringList seats;
    QString section;
    QString ga;
    int quantity = 0;
    QString allocation;
    QString voucher;
};

/// POST /orders: the hold paid for and where the payment page returns.
struct OrderFingerprint
{
    QString holdId;
    QString returnUrl;
};

/// A counter sale of a hold.
struct CounterSaleFingerprint
{
    QString holdId;
    PaymentTender payment;
    QString email;
    QString locale;
};

/// A counter refund: the whole order, or the tickets named.
struct RefundFingerprint
{
    QString orderId;
    std::optional<QStringList> ticketIds;
};

/// A counter exchange of one ticket for a seat or a GA place.
struct ExchangeFingerprint
{
    QString orderId;
    QString ticketId;
    QString seatId;
    QString gaId;
    std::optional<PaymentTender> payment;
};

/// An order's tickets mailed again from the counter.
struct MailAgainFingerprint
{
    QString orderId;
    QString email;
    QString locale;
};

using RequestFingerprint = std::variant<HoldFingerprint,
                                        OrderFingerprint,
                                        CounterSaleFingerprint,
                                        RefundFingerprint,
                                        ExchangeFingerprint,
                                        MailAgainFingerprint>;

} // namespace boxoffice::server::db
