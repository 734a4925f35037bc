// SPDX-License-Identifier: GPL-3.0-or-later
#include "waitinglistcontroller.h"

#include "api/waitinglistcodec.h"
#include "apiserver.h"
#include "authenticator.h"
#include "jsonbody.h"
#include "resultreply.h"

namespace boxoffice::server::http {

namespace {

QHttpServerResponse noStore(QHttpServerResponse out)
{
    out.setHeader("Cache-Control", "no-store");
    return out;
}

domain::WaitingListJoin joinOf(const Request &request)
{
    const JsonBody body(JsonBody::parseObject(request.body));
    body.onlyFields({QStringLiteral("quantity"), QStringLiteral("categories")});
    domain::WaitingListJoin join;
    // A number out of range is the rule's to refuse (invalid_field, with the event's limit).
    join.quantity = int(body.requireInt(QStringLiteral("quantity"), -1000000, 1000000));
    if (body.has(QStringLiteral("categories")))
        join.categories = body.requireStringList(QStringLiteral("categories"), 50, 100);
    return join;
}

QHttpServerResponse done(const domain::Result<domain::Done> &result)
{
    return result ? toHttp({204, {}}) : problem(result.error());
}

} // namespace

void WaitingListController::registerRoutes(ApiServer &server, Services &services)
{
    server.routeId(QStringLiteral("/events/<arg>/waiting-list"),
                   QHttpServerRequest::Method::Post,
                   [&services](const QString &eventId, const Request &request) {
                       const auto caller = services.authenticator.authenticate(request);
                       return noStore(
                           toHttp(services.waitingList.join(caller, eventId, joinOf(request)),
                                  201,
                                  api::waitingPlaceJson));
                   });
    server.routeId(QStringLiteral("/events/<arg>/waiting-list"),
                   QHttpServerRequest::Method::Get,
                   [&services](const QString &eventId, const Request &request) {
                       const auto caller = services.authenticator.require(request,
                                                                          auth::Role::Manager);
                       return noStore(toHttp(services.waitingList.list(caller, eventId),
                                             200,
                                             api::waitingListJson));
                   });
    server.route(QStringLiteral("/me/waiting-list"),
                 QHttpServerRequest::Method::Get,
                 [&services](const Request &request) {
                     const auto caller = services.authenticator.authenticate(request);
                     return noStore(
                         toHttp(services.waitingList.mine(caller), 200, api::myWaitingListJson));
                 });
    server.routeId(QStringLiteral("/me/waiting-list/<arg>"),
                   QHttpServerRequest::Method::Delete,
                   [&services](const QString &eventId, const Request &request) {
                       const auto caller = services.authenticator.authenticate(request);
                       return done(services.waitingList.leave(caller, eventId));
                   });
    server.routeId(QStringLiteral("/me/waiting-list/<arg>/decline"),
                   QHttpServerRequest::Method::Post,
                   [&services](const QString &eventId, const Request &request) {
                       const auto caller = services.authenticator.authenticate(request);
                       return done(services.waitingList.decline(caller, eventId));
                   });
}

} // namespace boxoffice::server::http
