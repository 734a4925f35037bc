// SPDX-License-Identifier: GPL-3.0-or-later
#include "orderpricing.h"

#include "error.h"

#include "db/pricingrepository.h"

#include <QHash>

#include <algorithm>

namespace boxoffice::server::domain {

using db::PricingRepository;

PricedOrder priceOrder(db::Tx &tx,
                       const db::Hold &hold,
                       const QString &owner,
                       const QString &channel)
{
    const db::PriceRules rules = *PricingRepository::rules(tx, hold.eventId);
    const QList<db::BasketPlace> basket = PricingRepository::basket(tx, hold);
    PricedOrder priced{db::OrderRepository::pricedOrder(tx, hold, owner),
                       priceBasket(rules, basket, channel)};
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
    priced.row.channel = channel;
    return priced;
}

void recordLines(db::Tx &tx, const QString &orderId, const PricedOrder &priced)
{
    PricingRepository::insertLines(tx, orderId, priced.row.eventId, priced.quote.lines);
}

} // namespace boxoffice::server::domain
