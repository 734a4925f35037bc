// SPDX-License-Identifier: GPL-3.0-or-later
#include "orderpricing.h"

#include "error.h"
#include "ids.h"
#include "vouchers.h"

#include "db/holdrepository.h"
#include "db/pricingrepository.h"

#include <QHash>

#include <algorithm>

namespace boxoffice::server::domain {

using db::PricingRepository;

db::Hold liveHold(db::Tx &tx, const Principal &caller, const QString &holdId)
{
    const Error noSuchHold(ErrorCode::NotFound, QStringLiteral("no such hold"));
    if (!isUuid(holdId))
        throw noSuchHold;
    const auto hold = db::HoldRepository::findHold(tx, holdId, true);
    if (!hold || hold->owner != caller.subject)
        throw noSuchHold;
    if (hold->status != u"active")
        throw Error(ErrorCode::HoldExpired, QStringLiteral("the hold is no longer live"));
    return *hold;
}

Quote quoteHold(db::Tx &tx, const db::Hold &hold, const QString &owner, const QString &channel)
{
    const auto voucher = usableVoucher(tx, hold, owner, channel, false);
    return priceBasket(*PricingRepository::rules(tx, hold.eventId),
                       PricingRepository::basket(tx, hold),
                       channel,
                       voucher ? &*voucher : nullptr);
}

PricedOrder priceOrder(db::Tx &tx,
                       const db::Hold &hold,
                       const QString &owner,
                       const QString &channel)
{
    const db::PriceRules rules = *PricingRepository::rules(tx, hold.eventId);
    const QList<db::BasketPlace> basket = PricingRepository::basket(tx, hold);
    // Locked first: two orders with the last use of a code wait for each other.
    const auto voucher = usableVoucher(tx, hold, owner, channel, true);
    PricedOrder priced{db::OrderRepository::pricedOrder(tx, hold, owner),
                       priceBasket(rules, basket, channel, voucher ? &*voucher : nullptr)};
    QHash<QString, int> wanted;
    QHash<QString, QString> lastSeat;
    for (const db::BasketPlace &place : basket) {
        if (!place.typeId.isEmpty()) {
            ++wanted[place.typeId];
            lastSeat.insert(place.typeId, place.reference);
        }
    }
    QStringList limited;
    for (const db::TicketType &type : rules.types) {
        if (type.maxPerEvent && wanted.contains(type.id))
            limited.append(type.id);
    }
    if (!limited.isEmpty()) {
        const QHash<QString, int> sold = PricingRepository::lockTypeSales(tx, hold.eventId, limited);
        for (const db::TicketType &type : rules.types) {
            if (!limited.contains(type.id))
                continue;
            const int left = std::max(0, *type.maxPerEvent - sold.value(type.id));
            if (wanted.value(type.id) > left)
                throw Error(ErrorCode::LimitExceeded,
                            QStringLiteral("only %1 %2 tickets are left").arg(left).arg(type.name),
                            ErrorDetails{.limit = *type.maxPerEvent,
                                         .current = sold.value(type.id),
                                         .limitName = QStringLiteral("max_per_event"),
                                         .field = QStringLiteral("types.%1")
                                                      .arg(lastSeat.value(type.id))});
        }
    }
    priced.row.amountCents = priced.quote.totalCents;
    priced.row.feeCents = priced.quote.feeCents;
    priced.row.taxCents = priced.quote.taxCents;
    priced.row.keptCents = priced.quote.keptCents;
    priced.row.keptTaxCents = priced.quote.keptTaxCents;
    priced.row.voucher = priced.quote.voucher;
    priced.row.channel = channel;
    return priced;
}

void recordLines(db::Tx &tx, const QString &orderId, const PricedOrder &priced)
{
    PricingRepository::insertLines(tx, orderId, priced.row.eventId, priced.quote.lines);
}

} // namespace boxoffice::server::domain
