// SPDX-License-Identifier: GPL-3.0-or-later
#include "pricing.h"

#include "error.h"
#include "eventlock.h"
#include "ids.h"
#include "orderpricing.h"

#include "db/auditrepository.h"
#include "db/database.h"
#include "db/pricingrepository.h"

#include <QSet>

namespace boxoffice::server::domain {

using db::PricingRepository;

namespace {

Error noSuchEvent()
{
    return Error(ErrorCode::NotFound, QStringLiteral("no such event"));
}

QVariantMap summary(const db::PriceRules &rules)
{
    QStringList types;
    for (const db::TicketType &type : rules.types)
        types.append(type.id);
    return {{QStringLiteral("ticket_types"), types},
            {QStringLiteral("fees"), int(rules.fees.size())},
            {QStringLiteral("tax_rate_bp"), rules.tax.rateBp},
            {QStringLiteral("tax_included"), rules.tax.included},
            {QStringLiteral("refund_fees"), rules.refundFees}};
}

} // namespace

Pricing::Pricing(db::Database &database)
    : m_database(database)
{}

Result<db::PriceRules> Pricing::rules(const QString &eventId)
{
    return resultOf([&] {
        if (!isUuid(eventId))
            throw noSuchEvent();
        std::optional<db::PriceRules> rules;
        m_database.transact([&](db::Tx &tx) { rules = PricingRepository::rules(tx, eventId); });
        if (!rules)
            throw noSuchEvent();
        return *rules;
    });
}

Result<db::PriceRules> Pricing::replace(const Principal &manager,
                                        const QString &eventId,
                                        int expectedVersion,
                                        const db::PriceRules &rules)
{
    return resultOf([&] {
        if (!isUuid(eventId))
            throw noSuchEvent();
        db::PriceRules out;
        m_database.transact([&](db::Tx &tx) {
            lockEventForChange(tx, eventId, expectedVersion);
            QStringList named;
            for (const db::TicketType &type : rules.types) {
                if (!type.category.isEmpty())
                    named.append(type.category);
            }
            const QStringList known = PricingRepository::knownCategories(tx, eventId, named);
            for (qsizetype i = 0; i < rules.types.size(); ++i) {
                const QString &category = rules.types[i].category;
                if (!category.isEmpty() && !known.contains(category))
                    throw Error::invalidField(QStringLiteral("ticket_types[%1].category").arg(i),
                                              QStringLiteral("this event has no price category "
                                                             "%1")
                                                  .arg(category));
            }
            const db::PriceRules before = *PricingRepository::rules(tx, eventId);
            PricingRepository::replaceRules(tx, eventId, rules);
            db::AuditRepository::record(tx,
                                        db::AuditEntry{.actor = manager.subject,
                                                       .action = QStringLiteral("event.pricing"),
                                                       .eventId = eventId,
                                                       .subject = eventId,
                                                       .before = summary(before),
                                                       .after = summary(rules)});
            out = *PricingRepository::rules(tx, eventId);
        });
        return out;
    });
}

Result<Quote> Pricing::pickTypes(const Principal &caller,
                                 const QString &holdId,
                                 const QMap<QString, QString> &types,
                                 const QString &channel)
{
    return resultOf([&] {
        Quote quote;
        m_database.transact([&](db::Tx &tx) {
            const db::Hold hold = liveHold(tx, caller, holdId);
            const QSet<QString> seats(hold.seats.begin(), hold.seats.end());
            for (auto it = types.begin(); it != types.end(); ++it) {
                if (!seats.contains(it.key()))
                    throw Error::invalidField(QStringLiteral("types.%1").arg(it.key()),
                                              QStringLiteral("seat %1 is not in this hold")
                                                  .arg(it.key()));
            }
            PricingRepository::setHoldTypes(tx, hold.id, types);
            // Checked now, so the buyer hears of a wrong type before paying; the limits per
            // event are checked again when the order is made.
            quote = quoteHold(tx, hold, caller.subject, channel);
        });
        return quote;
    });
}

Result<Quote> Pricing::quote(const Principal &caller, const QString &holdId, const QString &channel)
{
    return resultOf([&] {
        Quote quote;
        m_database.transact([&](db::Tx &tx) {
            const db::Hold hold = liveHold(tx, caller, holdId);
            quote = quoteHold(tx, hold, caller.subject, channel);
        });
        return quote;
    });
}

} // namespace boxoffice::server::domain
