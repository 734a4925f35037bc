// SPDX-License-Identifier: GPL-3.0-or-later
#include "transactioncontroller.h"

#include "api/transactioncodec.h"
#include "apiserver.h"
#include "authenticator.h"
#include "csvdownload.h"
#include "domain/transactionlog.h"
#include "resultreply.h"

namespace boxoffice::server::http {

namespace {

bool wantsCsv(const Request &request)
{
    return request.header("Accept").contains("text/csv");
}

// Each batch as it is read, in one snapshot.
StreamWork csvExport(domain::TransactionLog &log, const db::TransactionQuery &query)
{
    return csvDownload("transactions.csv",
                       api::transactionCsvHeader(),
                       [&log, query](const std::function<bool(const QByteArray &)> &push) {
                           log.exportAll(query, [&](const QList<db::TransactionEntry> &rows) {
                               return push(api::transactionCsvRows(rows));
                           });
                       });
}

StreamPrepare transactions(Services &services, bool csvPath)
{
    return [&services, csvPath](
               const Request &request) -> std::variant<QHttpServerResponse, Work, StreamWork> {
        services.authenticator.require(request, auth::Role::Manager);
        const bool csv = csvPath || wantsCsv(request);
        const db::TransactionQuery query = api::parseTransactionQuery(request.query, csv);
        if (csv)
            return csvExport(services.transactions, query);
        return Work([&services, query] {
            QHttpServerResponse out = toHttp(services.transactions.page(query),
                                             200,
                                             api::transactionPageJson);
            out.setHeader("Cache-Control", "no-store");
            return out;
        });
    };
}

} // namespace

void TransactionController::registerRoutes(ApiServer &server, Services &services)
{
    server.routeStreamed(QStringLiteral("/transactions.csv"),
                         QHttpServerRequest::Method::Get,
                         &services.exportPool,
                         transactions(services, true));
    server.routeStreamed(QStringLiteral("/transactions"),
                         QHttpServerRequest::Method::Get,
                         &services.exportPool,
                         transactions(services, false));
}

} // namespace boxoffice::server::http
