// SPDX-License-Identifier: GPL-3.0-or-later
#include "boxofficecontroller.h"

#include "apiserver.h"
#include "authenticator.h"
#include "jsonbody.h"
#include "resultreply.h"

#include "api/ordercodec.h"
#include "api/shiftcodec.h"
#include "domain/countertickets.h"
#include "domain/shifts.h"

namespace boxoffice::server::http {

void BoxOfficeController::registerRoutes(ApiServer &server, Services &services)
{
    server.routeId(QStringLiteral("/tickets/<arg>/reissue"),
                   QHttpServerRequest::Method::Post,
                   [&services](const QString &id, const Request &request) {
                       const auto caller = services.authenticator.require(request,
                                                                          auth::Role::Clerk);
                       return toHttp(services.counterTickets.reissue(caller, id),
                                     201,
                                     api::ticketJson);
                   });
    server.route(QStringLiteral("/shifts"),
                 QHttpServerRequest::Method::Post,
                 [&services](const Request &request) {
                     const auto caller = services.authenticator.require(request, auth::Role::Clerk);
                     const auto open = api::parseOpenShift(JsonBody::parseObject(request.body));
                     return toHttp(services.shifts.open(caller, open), 201, api::shiftReportJson);
                 });
    server.route(QStringLiteral("/shifts/current"),
                 QHttpServerRequest::Method::Get,
                 [&services](const Request &request) {
                     const auto caller = services.authenticator.require(request, auth::Role::Clerk);
                     const QString drawer = request.query.queryItemValue(QStringLiteral("drawer"));
                     return toHttp(services.shifts.current(caller, drawer),
                                   200,
                                   api::shiftReportJson);
                 });
    server.routeId(QStringLiteral("/shifts/<arg>/report"),
                   QHttpServerRequest::Method::Get,
                   [&services](const QString &id, const Request &request) {
                       const auto caller = services.authenticator.require(request,
                                                                          auth::Role::Clerk);
                       return toHttp(services.shifts.report(caller, id), 200, api::shiftReportJson);
                   });
    server.routeId(QStringLiteral("/shifts/<arg>/close"),
                   QHttpServerRequest::Method::Post,
                   [&services](const QString &id, const Request &request) {
                       const auto caller = services.authenticator.require(request,
                                                                          auth::Role::Clerk);
                       const qint64 counted = api::parseCountedCents(
                           JsonBody::parseObject(request.body));
                       return toHttp(services.shifts.close(caller, id, counted),
                                     200,
                                     api::shiftReportJson);
                   });
}

} // namespace boxoffice::server::http
