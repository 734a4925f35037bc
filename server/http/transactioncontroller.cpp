// SPDX-License-Identifier: GPL-3.0-or-later
#include "transactioncontroller.h"

#include "api/transactioncodec.h"
#include "apiserver.h"
#include "authenticator.h"
#include "chunkedstream.h"
#include "domain/transactionlog.h"
#include "resultreply.h"

namespace boxoffice::server::http {

namespace {

bool wantsCsv(const Request &request)
{
    return request.header("Accept").contains("text/csv");
}

// The export's producer: the header line, then each batch as it is read. A client that hung
// up or stalled stops the reading at its next batch.
StreamWork csvExport(domain::TransactionLog &log, const db::TransactionQuery &query)
{
    StreamWork work;
    work.headers = {{"Content-Type", "text/csv; charset=utf-8; header=present"},
                    {"Content-Disposition", "attachment; filename=\"transactions.csv\""},
                    {"Cache-Control", "no-store"}};
    work.produce = [&log, query](ChunkedStream &out) {
        if (!out.push(api::transactionCsvHeader()))
            return;
        bool open = true;
        log.exportAll(query, [&](const QList<db::TransactionEntry> &rows) {
            open = out.push(api::transactionCsvRows(rows));
            return open;
        });
        if (!open)
            throw std::runtime_error("the client stopped reading");
    };
    return work;
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
