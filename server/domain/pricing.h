// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "pricecalculator.h"
#include "principal.h"
#include "result.h"

#include <QMap>

namespace boxoffice::server::db {
class Database;
}

namespace boxoffice::server::domain {

/// Prices as venues use them (issue 28, docs/pricing.md): an event's ticket types, fees and
/// tax; the type a buyer picks for each held seat; what a hold costs before payment. Orders
/// are priced in their own transaction by domain/orderpricing.
class Pricing
{
public:
    explicit Pricing(db::Database &database);

    /// Anyone may read an event's rules (the shop lists the types).
    Result<db::PriceRules> rules(const QString &eventId);
    /// Replaces the rules (managers; `expectedVersion` from If-Match), audited as
    /// `event.pricing`. InvalidField names a category the event does not have.
    Result<db::PriceRules> replace(const Principal &manager,
                                   const QString &eventId,
                                   int expectedVersion,
                                   const db::PriceRules &rules);
    /// The types the hold's owner picked for its seats (seat -> type; others: the category's
    /// price), checked against the rules for `channel`; the hold's new quote.
    Result<Quote> pickTypes(const Principal &caller,
                            const QString &holdId,
                            const QMap<QString, QString> &types,
                            const QString &channel);
    /// What the caller's live hold costs on `channel`, line by line, before payment.
    Result<Quote> quote(const Principal &caller, const QString &holdId, const QString &channel);

private:
    db::Database &m_database;
};

} // namespace boxoffice::server::domain
