// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/pricecalculator.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QMap>

namespace boxoffice::server::api {

/// The body of PUT /events/{id}/pricing (docs/pricing.md). Throws Error: 400 bad_request for a
/// wrong JSON type, 422 invalid_field for a value out of range; `field` names the member
/// (`ticket_types[1].price_cents`, `fees[0].percent`, `tax.rate_percent`).
db::PriceRules parsePriceRules(const QJsonObject &body);
/// The body of PUT /holds/{id}/types: `{"types": {"<seat>": "<type>", ...}}`.
QMap<QString, QString> parseTypePicks(const QJsonObject &body);
/// `online` or `box_office` from a query's `channel`; `fallback` when absent.
QString parseChannel(const QString &value, const QString &fallback);

QJsonObject priceRulesJson(const db::PriceRules &rules);
QJsonObject quoteJson(const domain::Quote &quote);

} // namespace boxoffice::server::api
