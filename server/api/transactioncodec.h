// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/transactionlog.h"

#include <QByteArray>
#include <QJsonObject>
#include <QUrlQuery>

namespace boxoffice::server::api {

/// GET /transactions' parameters: `event_id` (uuid), `from`/`to` (RFC 3339 with an offset;
/// from inclusive, to exclusive), `channel` (online, box_office), `clerk` (the actor: a clerk's
/// or fan's name), `after` (a seq, the previous page's `next_after`), `limit` (1-1000, default
/// 100; not for the CSV, which has every row). A bad value: 422 `invalid_field` naming it; an
/// unknown or repeated parameter: 400 `bad_request` naming it.
db::TransactionQuery parseTransactionQuery(const QUrlQuery &query, bool csv);
/// `{"items":[{"seq","at","kind","event_id","order_id","ticket_id","channel","actor","method",
/// "amount_cents","tax_cents","face_cents","currency","reference","note","migrated"}],
/// "next_after","more"}`; ids null when there is none.
QJsonObject transactionPageJson(const domain::TransactionPage &page);

/// The CSV's first line (RFC 4180: CRLF line ends; the columns of docs/transactions.md).
QByteArray transactionCsvHeader();
/// `rows` as CSV lines (api/csv.h).
QByteArray transactionCsvRows(const QList<db::TransactionEntry> &rows);

} // namespace boxoffice::server::api
