// SPDX-License-Identifier: GPL-3.0-or-later
#include "pricecalculator.h"

#include "error.h"

#include <QHash>

#include <algorithm>

namespace boxoffice::server::domain {

namespace {

const db::TicketType *findType(const db::PriceRules &rules, const QString &id)
{
    for (const db::TicketType &type : rules.types) {
        if (type.id == id)
            return &type;
    }
    return nullptr;
}

db::FeeRule feeOf(const db::PriceRules &rules, const QString &channel, const QString &scope)
{
    for (const db::FeeRule &fee : rules.fees) {
        if (fee.channel == channel && fee.scope == scope)
            return fee;
    }
    return db::FeeRule{channel, scope, 0, 0};
}

// One line of `amount` (what the rules list: gross when the tax is included, net when not).
db::PriceLine line(const db::TaxRule &tax, QString kind, qint64 amount)
{
    db::PriceLine out;
    out.kind = std::move(kind);
    if (tax.included) {
        out.taxCents = roundedShare(amount, tax.rateBp, 10000 + tax.rateBp);
        out.totalCents = amount;
        out.netCents = amount - out.taxCents;
    } else {
        out.taxCents = roundedShare(amount, tax.rateBp, 10000);
        out.netCents = amount;
        out.totalCents = amount + out.taxCents;
    }
    return out;
}

qint64 faceOf(const db::BasketPlace &place, const db::TicketType *type)
{
    if (!type)
        return place.categoryPriceCents;
    if (type->priceCents)
        return *type->priceCents;
    // A difference below the category's price makes the ticket free, never negative.
    return std::max<qint64>(0, place.categoryPriceCents + type->deltaCents.value_or(0));
}

} // namespace

qint64 roundedShare(qint64 amount, qint64 numerator, qint64 denominator)
{
    return (amount * numerator * 2 + denominator) / (denominator * 2);
}

bool voucherCovers(const db::Voucher &voucher, const db::BasketPlace &place)
{
    return (voucher.categories.isEmpty() || voucher.categories.contains(place.category))
           && (voucher.typeIds.isEmpty() || voucher.typeIds.contains(place.typeId));
}

qint64 voucherFace(const db::Voucher &voucher, qint64 face)
{
    if (voucher.kind == u"fixed_price")
        return std::min(face, voucher.valueCents.value_or(face));
    if (voucher.kind == u"amount_off")
        return std::max<qint64>(0, face - voucher.valueCents.value_or(0));
    return face - roundedShare(face, voucher.percentBp.value_or(0), 10000);
}

Quote priceBasket(const db::PriceRules &rules,
                  const QList<db::BasketPlace> &basket,
                  const QString &channel,
                  const db::Voucher *voucher)
{
    const db::FeeRule ticketFee = feeOf(rules, channel, QStringLiteral("ticket"));
    const db::FeeRule orderFee = feeOf(rules, channel, QStringLiteral("order"));
    QHash<QString, int> perType;
    Quote quote;
    auto add = [&](db::PriceLine priced, bool fee) {
        quote.taxCents += priced.taxCents;
        quote.totalCents += priced.totalCents;
        (fee ? quote.feeCents : quote.faceCents) += priced.totalCents;
        if (fee && !rules.refundFees) {
            quote.keptCents += priced.totalCents;
            quote.keptTaxCents += priced.taxCents;
        }
        quote.lines.append(std::move(priced));
    };
    qint64 faces = 0;
    bool coveredAny = false;
    for (const db::BasketPlace &place : basket) {
        const QString field = QStringLiteral("types.%1").arg(place.reference);
        const db::TicketType *type = nullptr;
        if (!place.typeId.isEmpty()) {
            type = findType(rules, place.typeId);
            if (!type)
                throw Error::invalidField(field,
                                          QStringLiteral("this event has no ticket type %1")
                                              .arg(place.typeId));
            if (!type->category.isEmpty() && type->category != place.category)
                throw Error::invalidField(field,
                                          QStringLiteral("%1 tickets are for category %2 only")
                                              .arg(type->name, type->category));
            if (!type->channels.contains(channel))
                throw Error::invalidField(field,
                                          QStringLiteral("%1 tickets are not sold %2")
                                              .arg(type->name,
                                                   channel == u"online"
                                                       ? QStringLiteral("online")
                                                       : QStringLiteral("at the counter")));
            const int count = ++perType[type->id];
            if (type->maxPerOrder && count > *type->maxPerOrder)
                throw Error(ErrorCode::LimitExceeded,
                            QStringLiteral("at most %1 %2 tickets per order")
                                .arg(*type->maxPerOrder)
                                .arg(type->name),
                            ErrorDetails{.limit = *type->maxPerOrder,
                                         .current = count,
                                         .limitName = QStringLiteral("max_per_order"),
                                         .field = field});
        }
        const qint64 listed = faceOf(place, type);
        const bool covered = voucher && voucherCovers(*voucher, place);
        const qint64 face = covered ? voucherFace(*voucher, listed) : listed;
        coveredAny = coveredAny || covered;
        faces += face;
        db::PriceLine ticket = line(rules.tax, QStringLiteral("ticket"), face);
        ticket.reference = place.reference;
        ticket.discountCents = listed - face;
        quote.discountCents += ticket.discountCents;
        if (type) {
            ticket.typeId = type->id;
            ticket.typeName = type->name;
        }
        add(ticket, false);
        const qint64 fee = ticketFee.fixedCents + roundedShare(face, ticketFee.percentBp, 10000);
        if (fee > 0) {
            db::PriceLine feeLine = line(rules.tax, QStringLiteral("ticket_fee"), fee);
            feeLine.reference = place.reference;
            feeLine.typeId = ticket.typeId;
            feeLine.typeName = ticket.typeName;
            add(feeLine, true);
        }
    }
    const qint64 perOrder = basket.isEmpty() ? 0
                                             : orderFee.fixedCents
                                                   + roundedShare(faces, orderFee.percentBp, 10000);
    if (perOrder > 0)
        add(line(rules.tax, QStringLiteral("order_fee"), perOrder), true);
    if (voucher) {
        if (!coveredAny)
            throw Error(ErrorCode::VoucherNotApplicable,
                        QStringLiteral("code %1 is not for any of these tickets").arg(voucher->code));
        quote.voucher = voucher->code;
    }
    return quote;
}

} // namespace boxoffice::server::domain
