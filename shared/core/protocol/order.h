// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/protocol/parsed.h>
#include <core/protocol/ticket.h>

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>

#include <optional>

namespace boxoffice::protocol {

/// An order's payment: the provider's attempt (every member null without one), how it was paid
/// and, while an online attempt is open, the provider's hosted page.
struct Payment
{
    QString provider; ///< empty: no attempt (null)
    QString intentId;
    QString clientSecret;
    QString status; ///< the attempt's: created|pending|uncertain|succeeded|failed|cancelled
    QString method; ///< card|cash|card_present|comp|split
    QString pageUrl;

    QJsonObject toJson() const;
};

/// One line of what an order was sold for (docs/pricing.md).
struct PriceLine
{
    QString kind;      ///< ticket|ticket_fee|order_fee
    QString reference; ///< `place`: the seat or GA area (empty for the order fee)
    QString typeId;
    QString typeName;
    qint64 netCents = 0;
    qint64 taxCents = 0;
    qint64 totalCents = 0;
    qint64 discountCents = 0; ///< what a voucher took off this ticket's listed price

    QJsonObject toJson() const;
};

/// The lines as the API lists them (an order's `lines`, a quote's).
QJsonArray priceLinesJson(const QList<PriceLine> &lines);

/// API.md's Order, with its payment and tickets; `change_cents` for cash sales, and the price
/// lines with fees and tax for orders sold with lines.
struct Order
{
    QString id;
    QString holdId;
    QString eventId;
    QString status; ///< pending|paid|failed|expired|refunded|cancelled
    qint64 amountCents = 0;
    qint64 refundedCents = 0;
    QString currency;
    Payment payment;
    QList<Ticket> tickets;
    QString channel; ///< online|box_office
    QDateTime createdAt;
    std::optional<qint64> changeCents;
    QList<PriceLine> lines; ///< none for orders from before lines (then no fees and tax either)
    qint64 feeCents = 0;
    qint64 taxCents = 0;
    qint64 refundedTaxCents = 0;

    QJsonObject toJson() const;
    static Parsed<Order> fromJson(const QJsonObject &json);
};

} // namespace boxoffice::protocol
