// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/statementpdf.h"
#include "db/rows/invoice.h"
#include "domain/invoices.h"

#include <QJsonObject>

namespace boxoffice::server::api {

/// The body of PUT /orders/{id}/billing: `{"company", "address", "vat_number"?}`.
db::Billing parseBilling(const QJsonObject &body);
QJsonObject invoicesJson(const QList<db::Invoice> &invoices);
/// The body of PUT /events/{id}/organiser: `{"organiser"}`, 1-40 letters, digits, `-` or `_`
/// (lower-cased); throws 422 invalid_field otherwise.
QString parseOrganiser(const QJsonObject &body);
/// `{"event_id", "organiser", "last_invoice"}` (`last_invoice`: `ACME-000017` or null).
QJsonObject organiserJson(const db::EventOrganiser &organiser);
/// `HOUSE-000017`: the organiser's series and the number.
QString invoiceNumber(const QString &organiser, qint64 number);
/// The invoice as an A4 document (core::StatementPdf), in English or Spanish (`language`).
core::Statement invoiceStatement(const db::Invoice &invoice,
                                 const domain::Seller &seller,
                                 const QString &language);

} // namespace boxoffice::server::api
