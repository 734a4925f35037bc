// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportcontroller.h"

#include "api/csv.h"
#include "api/reportcodec.h"
#include "apiserver.h"
#include "authenticator.h"
#include "csvdownload.h"
#include "domain/ids.h"
#include "domain/moneyreports.h"
#include "jsonbody.h"
#include "resultreply.h"

namespace boxoffice::server::http {

namespace {

QHttpServerResponse noStore(QHttpServerResponse out)
{
    out.setHeader("Cache-Control", "no-store");
    return out;
}

// A settlement as a file: 200 with `bytes`, or the problem of the refusal.
QHttpServerResponse settlementFile(const domain::Result<db::Settlement> &settlement,
                                   const QByteArray &type,
                                   const QByteArray &extension,
                                   const std::function<QByteArray(const db::Settlement &)> &write)
{
    if (!settlement)
        return toHttp(settlement, 200, api::settlementJson);
    QHttpServerResponse out(type, write(*settlement));
    out.setHeader("Content-Disposition",
                  "attachment; filename=\"settlement-" + settlement->eventId.toLatin1() + '.'
                      + extension + '"');
    out.setHeader("X-Content-Type-Options", "nosniff");
    return noStore(std::move(out));
}

// An event's export: 404 for what cannot be an event id and, asked on the workers before the
// head goes out, for an unknown one.
void routeExport(ApiServer &server, Services &services, const QString &file, db::EventExport which)
{
    server.routeIdStreamed(QStringLiteral("/events/<arg>/") + file,
                           QHttpServerRequest::Method::Get,
                           &services.exportPool,
                           [&services, file, which](const QString &id, const Request &request)
                               -> std::variant<QHttpServerResponse, Work, StreamWork> {
                               services.authenticator.require(request, auth::Role::Manager);
                               if (!domain::isUuid(id))
                                   throw domain::Error(domain::ErrorCode::NotFound,
                                                       QStringLiteral("no such event"));
                               domain::MoneyReports &reports = services.reports;
                               StreamWork work = csvDownload(
                                   file.toLatin1(),
                                   api::csvLine(domain::MoneyReports::exportColumns(which)),
                                   [&reports, which, id](const auto &push) {
                                       reports.exportRows(which,
                                                          id,
                                                          [&](const QList<QStringList> &rows) {
                                                              return push(api::csvLines(rows));
                                                          });
                                   });
                               work.check = [&reports, id] {
                                   if (!reports.eventExists(id))
                                       throw domain::Error(domain::ErrorCode::NotFound,
                                                           QStringLiteral("no such event"));
                               };
                               return work;
                           });
}

} // namespace

void ReportController::registerRoutes(ApiServer &server, Services &services)
{
    server.routeId(QStringLiteral("/events/<arg>/report"),
                   QHttpServerRequest::Method::Get,
                   [&services](const QString &id, const Request &request) {
                       services.authenticator.require(request, auth::Role::Manager);
                       if (!domain::isUuid(id))
                           return toHttp(domain::Result<db::MoneyReport>(
                                             domain::Error(domain::ErrorCode::NotFound,
                                                           QStringLiteral("no such event"))),
                                         200,
                                         api::reportJson);
                       const auto scope = api::parseReportQuery(request.query, id);
                       return noStore(toHttp(services.reports.report(scope), 200, api::reportJson));
                   });
    server.route(QStringLiteral("/reports"),
                 QHttpServerRequest::Method::Get,
                 [&services](const Request &request) {
                     services.authenticator.require(request, auth::Role::Manager);
                     const auto scope = api::parseReportQuery(request.query, QString());
                     return noStore(toHttp(services.reports.report(scope), 200, api::reportJson));
                 });
    server.routeId(QStringLiteral("/events/<arg>/settlement.csv"),
                   QHttpServerRequest::Method::Get,
                   [&services](const QString &id, const Request &request) {
                       services.authenticator.require(request, auth::Role::Manager);
                       return settlementFile(services.reports.settlement(domain::uuidOrEmpty(id)),
                                             "text/csv; charset=utf-8; header=present",
                                             "csv",
                                             api::settlementCsv);
                   });
    server.routeId(QStringLiteral("/events/<arg>/settlement.pdf"),
                   QHttpServerRequest::Method::Get,
                   [&services](const QString &id, const Request &request) {
                       services.authenticator.require(request, auth::Role::Manager);
                       return settlementFile(services.reports.settlement(domain::uuidOrEmpty(id)),
                                             "application/pdf",
                                             "pdf",
                                             [](const db::Settlement &s) {
                                                 return core::StatementPdf::write(
                                                     api::settlementStatement(s));
                                             });
                   });
    server.routeId(QStringLiteral("/events/<arg>/settlement"),
                   QHttpServerRequest::Method::Get,
                   [&services](const QString &id, const Request &request) {
                       services.authenticator.require(request, auth::Role::Manager);
                       return noStore(toHttp(services.reports.settlement(domain::uuidOrEmpty(id)),
                                             200,
                                             api::settlementJson));
                   });
    server.routeId(QStringLiteral("/events/<arg>/commission"),
                   QHttpServerRequest::Method::Put,
                   [&services](const QString &id, const Request &request) {
                       const auto manager = services.authenticator.require(request,
                                                                           auth::Role::Manager);
                       const int basisPoints = api::parseCommission(
                           JsonBody::parseObject(request.body));
                       return toHttp(services.reports.setCommission(manager,
                                                                    domain::uuidOrEmpty(id),
                                                                    basisPoints),
                                     200,
                                     api::settlementJson);
                   });
    server.routeId(QStringLiteral("/events/<arg>/reconcile"),
                   QHttpServerRequest::Method::Get,
                   [&services](const QString &id, const Request &request) {
                       services.authenticator.require(request, auth::Role::Manager);
                       return noStore(toHttp(services.reports.reconcile(domain::uuidOrEmpty(id)),
                                             200,
                                             api::reconcileJson));
                   });
    routeExport(server, services, QStringLiteral("orders.csv"), db::EventExport::Orders);
    routeExport(server, services, QStringLiteral("tickets.csv"), db::EventExport::Tickets);
    routeExport(server, services, QStringLiteral("attendees.csv"), db::EventExport::Attendees);
}

} // namespace boxoffice::server::http
