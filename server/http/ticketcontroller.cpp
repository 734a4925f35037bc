// SPDX-License-Identifier: GPL-3.0-or-later
#include "ticketcontroller.h"

#include "api/scancodec.h"
#include "apiserver.h"
#include "authenticator.h"
#include "domain/ticketscanservice.h"
#include "jsonbody.h"
#include "resultreply.h"

namespace boxoffice::server::http {

void TicketController::registerRoutes(ApiServer &server, Services &services)
{
    server.route(QStringLiteral("/tickets/scan"),
                 QHttpServerRequest::Method::Post,
                 [&services](const Request &request) {
                     const auto caller = services.authenticator.require(request, auth::Role::Door);
                     const auto scan = api::parseScan(JsonBody::parseObject(request.body));
                     return toHttp(services.ticketScans.scan(caller, scan),
                                   200,
                                   api::scanOutcomeJson);
                 });
    server.route(QStringLiteral("/tickets/scans"),
                 QHttpServerRequest::Method::Post,
                 [&services](const Request &request) {
                     const auto caller = services.authenticator.require(request, auth::Role::Door);
                     const auto scans = api::parseScanBatch(JsonBody::parseObject(request.body));
                     return toHttp(services.ticketScans.scanBatch(caller, scans),
                                   200,
                                   api::scanBatchJson);
                 });
    server.routeId(QStringLiteral("/events/<arg>/ticket-keys"),
                   QHttpServerRequest::Method::Get,
                   [&services](const QString &id, const Request &) {
                       return toHttp(services.ticketScans.keys(id), 200, api::ticketKeysJson);
                   });
    server.routeId(QStringLiteral("/events/<arg>/ticket-revocations"),
                   QHttpServerRequest::Method::Get,
                   [&services](const QString &id, const Request &request) {
                       const auto caller = services.authenticator.require(request, auth::Role::Door);
                       const QString since = request.query.queryItemValue(QStringLiteral("since"));
                       return toHttp(services.ticketScans.revocations(caller, id, since),
                                     200,
                                     api::revocationPageJson);
                   });
}

} // namespace boxoffice::server::http
