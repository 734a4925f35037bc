// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Orders, payment attempts and tickets as stored (db owns these rows; domain/order.h names them).

#include "pricing.h"

#include <core/protocol/ticket.h>

#include <QDateTime>
#include <QList>
#include <QString>

#include <optional>

namespace boxoffice::server::db {

/// A ticket as the API shows it (the wire type: a field added there is stored and answered).
using Ticket = protocol::Ticket;

/// The latest payment attempt of an order.
struct PaymentAttempt
{
    QString id;
    QString orderId;
    QString provider;
    QString intentId;
    QString clientSecret;
    QString status; ///< created|pending|uncertain|succeeded|failed|cancelled
    QString idempotencyKey;
    qint64 amountCents = 0;
    QString currency;
    qint64 refundedCents = 0;
};

/// An order with its latest attempt and its tickets.
struct Order
{
    QString id;
    QString holdId;
    QString eventId;
    QString owner;
    QString status; ///< pending|paid|failed|expired|refunded|cancelled
    qint64 amountCents = 0;
    qint64 refundedCents = 0; ///< refunded so far (partial refunds add up)
    // Its parts (docs/pricing.md): fees and tax within the amount, what refunds never pay
    // back (the fees the event keeps, and their tax), the tax refunded so far.
    qint64 feeCents = 0;
    qint64 taxCents = 0;
    qint64 keptCents = 0;
    qint64 keptTaxCents = 0;
    qint64 refundedTaxCents = 0;
    QString currency;
    QString channel;       ///< online|box_office
    QString paymentMethod; ///< card|cash|card_present|comp
    std::optional<qint64> changeCents;
    QString shiftId;
    QDateTime createdAt;
    std::optional<PaymentAttempt> attempt;
    QList<Ticket> tickets;
    QList<PriceLine> lines; ///< what it was sold for; none for orders from before lines
    QString returnUrl;      ///< where the hosted payment page sends the buyer back (online)
    QString paymentPageUrl; ///< the provider's hosted page for the open attempt, if any
};

/// Who ordered and for which event: what the will-call list shows beside an order.
struct OrderContext
{
    QString username;
    std::optional<QString> email; ///< none: the account has none (staff, or no account row)
    std::optional<QString> name;
    QString eventId;
    QString eventTitle;
    QString startsAt; ///< UTC, whole seconds (2026-05-01T19:30:00Z)
    QString timeZone;
    QString venue;
};

} // namespace boxoffice::server::db
