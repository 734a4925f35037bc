// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/statementpdf.h"
#include "db/rows/moneyreport.h"
#include "db/rows/reconciliation.h"

#include <QByteArray>
#include <QJsonObject>
#include <QUrlQuery>

namespace boxoffice::server::api {

/// GET /events/{id}/report's parameters (`day`, `channel`, `clerk`), or GET /reports' (those,
/// and `venue_id`, required). `day` is YYYY-MM-DD; a bad value is 422 `invalid_field` naming
/// it, an unknown or repeated parameter 400 `bad_request` naming it.
db::ReportScope parseReportQuery(const QUrlQuery &query, const QString &eventId);
/// The report as docs/reports.md shows it.
QJsonObject reportJson(const db::MoneyReport &report);

/// PUT /events/{id}/commission's body: `{"commission_bps": 0..10000}`.
int parseCommission(const QJsonObject &body);
/// The settlement as JSON (amounts in cents).
QJsonObject settlementJson(const db::Settlement &settlement);
/// The settlement as CSV: `item,value` lines, the JSON's members in its order.
QByteArray settlementCsv(const db::Settlement &settlement);
/// The settlement's statement for the PDF, in English.
core::Statement settlementStatement(const db::Settlement &settlement);

/// GET /events/{id}/reconcile's answer: what was checked and every difference found.
QJsonObject reconcileJson(const db::ReconcileReport &report);

} // namespace boxoffice::server::api
