#include "boxofficecontroller.h"

#include "apiserver.h"
#include "authenticator.h"
#include "domain/countertickets.h"
#include "domain/shifts.h"
#include "jsonbody.h"
#include "reply.h"

namespace boxoffice::server::http {

void BoxOfficeController::registerRoutes(ApiServer &server, Services &services)
{
    server.routeId(QStringLiteral("/tickets/<arg>/reissue"),
                   QHttpServerRequest::Method::Post,
                   [&services](const QString &id, const Request &request) {
                       const auto caller = services.authenticator.require(request,
                                                                          auth::Role::Clerk);
                       return toHttp(services.counterTickets->reissue(caller, id));
                   });
    server.route(QStringLiteral("/shifts"),
                 QHttpServerRequest::Method::Post,
                 [&services](const Request &request) {
                     const auto caller = services.authenticator.require(request, auth::Role::Clerk);
                     return toHttp(
                         services.shifts->open(caller, JsonBody::parseObject(request.body)));
                 });
    server.route(QStringLiteral("/shifts/current"),
                 QHttpServerRequest::Method::Get,
                 [&services](const Request &request) {
                     const auto caller = services.authenticator.require(request, auth::Role::Clerk);
                     return toHttp(services.shifts->current(caller,
                                                            request.query.queryItemValue(
                                                                QStringLiteral("drawer"))));
                 });
    server.routeId(QStringLiteral("/shifts/<arg>/report"),
                   QHttpServerRequest::Method::Get,
                   [&services](const QString &id, const Request &request) {
                       const auto caller = services.authenticator.require(request,
                                                                          auth::Role::Clerk);
                       return toHttp(services.shifts->report(caller, id));
                   });
    server.routeId(QStringLiteral("/shifts/<arg>/close"),
                   QHttpServerRequest::Method::Post,
                   [&services](const QString &id, const Request &request) {
                       const auto caller = services.authenticator.require(request,
                                                                          auth::Role::Clerk);
                       return toHttp(
                           services.shifts->close(caller, id, JsonBody::parseObject(request.body)));
                   });
}

} // namespace boxoffice::server::http
