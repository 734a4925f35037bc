// SPDX-License-Identifier: GPL-3.0-or-later
#include "ticketcontroller.h"

#include "apiserver.h"
#include "authenticator.h"
#include "domain/ticketscanservice.h"
#include "jsonbody.h"
#include "reply.h"

namespace boxoffice::server::http {

void TicketController::registerRoutes(ApiServer &server, Services &services)
{
    server.route(QStringLiteral("/tickets/scan"),
                 QHttpServerRequest::Method::Post,
                 [&services](const Request &request) {
                     const auto caller = services.authenticator.require(request, auth::Role::Door);
                     return toHttp(
                         services.ticketScans.scan(caller, JsonBody::parseObject(request.body)));
                 });
    server.route(QStringLiteral("/tickets/scans"),
                 QHttpServerRequest::Method::Post,
                 [&services](const Request &request) {
                     const auto caller = services.authenticator.require(request, auth::Role::Door);
                     return toHttp(
                         services.ticketScans.scanBatch(caller,
                                                        JsonBody::parseObject(request.body)));
                 });
    server.routeId(QStringLiteral("/events/<arg>/ticket-keys"),
                   QHttpServerRequest::Method::Get,
                   [&services](const QString &id, const Request &) {
                       return toHttp(services.ticketScans.keys(id));
                   });
    server.routeId(QStringLiteral("/events/<arg>/ticket-revocations"),
                   QHttpServerRequest::Method::Get,
                   [&services](const QString &id, const Request &request) {
                       const auto caller = services.authenticator.require(request, auth::Role::Door);
                       return toHttp(
                           services.ticketScans.revocations(caller,
                                                            id,
                                                            request.query.queryItemValue(
                                                                QStringLiteral("since"))));
                   });
}

} // namespace boxoffice::server::http
