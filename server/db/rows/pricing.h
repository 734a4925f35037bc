// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// An event's price rules and an order's price lines as stored (issue 28, docs/pricing.md).

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

#include <core/protocol/order.h>

#include <optional>

namespace boxoffice::server::db {

/// Adult, Child, Student... on top of a price category: a price of its own or a difference.
struct TicketType
{
    QString id; ///< `child`: what holds and orders name
    QString name;
    QString category;                 ///< empty: every category of the event
    std::optional<qint64> priceCents; ///< exactly one of price and delta is set
    std::optional<qint64> deltaCents;
    std::optional<int> maxPerEvent;
    std::optional<int> maxPerOrder;
    QStringList channels; ///< online, box_office
};

/// A fee of one channel: per ticket (on each face) or per order (on the face total).
struct FeeRule
{
    QString channel; ///< online|box_office
    QString scope;   ///< ticket|order
    qint64 fixedCents = 0;
    int percentBp = 0; ///< hundredths of a percent: 250 = 2.5 %
};

/// The event's tax: its rate, whether prices include it, what receipts call it.
struct TaxRule
{
    QString name;
    int rateBp = 0; ///< hundredths of a percent: 770 = 7.7 %
    bool included = true;
};

struct PriceRules
{
    QList<TicketType> types;
    QList<FeeRule> fees;
    TaxRule tax;
    bool refundFees = false; ///< a refund pays the fees back too
    int version = 0;         ///< the event's version (If-Match)
};

/// One place of a basket: a seat or a GA place, its category and what that category costs.
struct BasketPlace
{
    QString reference; ///< the seat id, or the GA area id
    QString category;
    qint64 categoryPriceCents = 0;
    QString typeId; ///< empty: the category's own price
};

/// One line of an order: a ticket's face, its fee, or the order's fee; its tax split out.
/// `net + tax = total` always; the order's amount is the sum of the totals. The wire type: an
/// order's and a quote's `lines`.
using PriceLine = protocol::PriceLine;

/// A voucher or promo code (docs/pricing.md): a fixed price, an amount or a percentage off the
/// tickets of some events (and categories, and types), used at most so often.
struct Voucher
{
    QString code; ///< as the manager typed it; found case-insensitively
    QStringList eventIds;
    QStringList categories;           ///< empty: every category
    QStringList typeIds;              ///< empty: every ticket, with a type or without
    QString kind;                     ///< fixed_price|amount_off|percent_off
    std::optional<qint64> valueCents; ///< the price, or the amount off
    std::optional<int> percentBp;     ///< percent_off: hundredths of a percent
    std::optional<int> maxUses;
    std::optional<int> maxPerFan;
    QDateTime validFrom; ///< invalid: no bound
    QDateTime validUntil;
    bool disabled = false;
    QString allocation; ///< the allocation whose held-back seats it opens (empty: none)
    int version = 1;
    int uses = 0; ///< orders waiting for payment or paid with it (read, never written)
};

/// How often a code was used: in all, and by one buyer.
struct VoucherUses
{
    int total = 0;
    int byOwner = 0;
};

} // namespace boxoffice::server::db
