// SPDX-License-Identifier: GPL-3.0-or-later
#include "invoicecontroller.h"

#include "api/invoicecodec.h"
#include "apiserver.h"
#include "authenticator.h"
#include "domain/invoices.h"
#include "jsonbody.h"
#include "resultreply.h"

namespace boxoffice::server::http {

namespace {

// The invoice the query names (?number=HOUSE-000017 or 17), else the order's invoice.
const db::Invoice *chosen(const QList<db::Invoice> &invoices, const Request &request)
{
    const QString asked = request.query.queryItemValue(QStringLiteral("number"));
    for (const db::Invoice &invoice : invoices) {
        if (asked.isEmpty() ? invoice.kind == u"invoice"
                            : asked == api::invoiceNumber(invoice.organiser, invoice.number)
                                  || asked == QString::number(invoice.number))
            return &invoice;
    }
    return nullptr;
}

} // namespace

void InvoiceController::registerRoutes(ApiServer &server, Services &services)
{
    server.routeId(QStringLiteral("/orders/<arg>/billing"),
                   QHttpServerRequest::Method::Put,
                   [&services](const QString &id, const Request &request) {
                       const auto caller = services.authenticator.authenticate(request);
                       const db::Billing billing = api::parseBilling(
                           JsonBody::parseObject(request.body));
                       return toHttp(services.invoices.addBilling(caller, id, billing),
                                     200,
                                     api::invoicesJson);
                   });
    server.routeId(QStringLiteral("/orders/<arg>/invoices"),
                   QHttpServerRequest::Method::Get,
                   [&services](const QString &id, const Request &request) {
                       const auto caller = services.authenticator.authenticate(request);
                       return toHttp(services.invoices.forOrder(caller, id), 200, api::invoicesJson);
                   });
    server.routeId(QStringLiteral("/events/<arg>/organiser"),
                   QHttpServerRequest::Method::Get,
                   [&services](const QString &id, const Request &request) {
                       services.authenticator.require(request, auth::Role::Clerk);
                       return toHttp(services.invoices.organiser(id), 200, api::organiserJson);
                   });
    server.routeId(QStringLiteral("/events/<arg>/organiser"),
                   QHttpServerRequest::Method::Put,
                   [&services](const QString &id, const Request &request) {
                       const auto manager = services.authenticator.require(request,
                                                                           auth::Role::Manager);
                       const QString organiser = api::parseOrganiser(
                           JsonBody::parseObject(request.body));
                       return toHttp(services.invoices.setOrganiser(manager, id, organiser),
                                     200,
                                     api::organiserJson);
                   });
    server
        .routeId(QStringLiteral("/orders/<arg>/invoice.pdf"),
                 QHttpServerRequest::Method::Get,
                 [&services](const QString &id, const Request &request) {
                     const auto caller = services.authenticator.authenticate(request);
                     const auto invoices = services.invoices.forOrder(caller, id);
                     if (!invoices)
                         throw invoices.error();
                     const db::Invoice *invoice = chosen(*invoices, request);
                     if (!invoice)
                         throw domain::Error(domain::ErrorCode::NotFound,
                                             QStringLiteral("this order has no such invoice"));
                     const QString number = api::invoiceNumber(invoice->organiser, invoice->number);
                     QHttpServerResponse out(QByteArrayLiteral("application/pdf"),
                                             core::StatementPdf::write(
                                                 api::invoiceStatement(*invoice,
                                                                       services.invoices.seller(),
                                                                       request.documentLanguage())));
                     out.setHeader("Content-Disposition",
                                   "attachment; filename=\"invoice-" + number.toLatin1() + ".pdf\"");
                     out.setHeader("Cache-Control", "private, no-store");
                     out.setHeader("X-Content-Type-Options", "nosniff");
                     return out;
                 });
}

} // namespace boxoffice::server::http
