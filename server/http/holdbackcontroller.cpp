// SPDX-License-Identifier: GPL-3.0-or-later
#include "holdbackcontroller.h"

#include "api/holdbackcodec.h"
#include "apiserver.h"
#include "authenticator.h"
#include "domain/holdbacks.h"
#include "jsonbody.h"
#include "resultreply.h"

namespace boxoffice::server::http {

namespace {

QJsonObject countJson(const char *name, int count)
{
    return QJsonObject{{QString::fromLatin1(name), count}};
}

} // namespace

void HoldbackController::registerRoutes(ApiServer &server, Services &services)
{
    const QString path = QStringLiteral("/events/<arg>/holdbacks");
    server.routeId(path,
                   QHttpServerRequest::Method::Put,
                   [&services](const QString &eventId, const Request &request) {
                       const auto caller = services.authenticator.require(request,
                                                                          auth::Role::Manager);
                       const auto held = services.holdbacks.holdBack(caller,
                                                                     eventId,
                                                                     api::parseHoldbackRequest(
                                                                         JsonBody::parseObject(
                                                                             request.body)));
                       return toHttp(held, 200, [](int n) { return countJson("held_back", n); });
                   });
    server.routeId(path,
                   QHttpServerRequest::Method::Delete,
                   [&services](const QString &eventId, const Request &request) {
                       const auto caller = services.authenticator.require(request,
                                                                          auth::Role::Manager);
                       const auto released = services.holdbacks.release(caller,
                                                                        eventId,
                                                                        api::parseHoldbackRelease(
                                                                            JsonBody::parseObject(
                                                                                request.body)));
                       return toHttp(released, 200, [](int n) { return countJson("released", n); });
                   });
    server.routeId(path,
                   QHttpServerRequest::Method::Get,
                   [&services](const QString &eventId, const Request &request) {
                       services.authenticator.require(request, auth::Role::Manager);
                       return toHttp(services.holdbacks.list(eventId), 200, api::holdbackListJson);
                   });
    // The counter's view: the allocations a clerk may sell from, with their seats.
    server.routeId(QStringLiteral("/events/<arg>/allocations"),
                   QHttpServerRequest::Method::Get,
                   [&services](const QString &eventId, const Request &request) {
                       services.authenticator.require(request, auth::Role::Clerk);
                       return toHttp(services.holdbacks.forCounter(eventId),
                                     200,
                                     api::counterAllocationsJson);
                   });
    server.routeTwoIds(
        QStringLiteral("/events/<arg>/allocations/<arg>"),
        QHttpServerRequest::Method::Patch,
        [&services](const QString &eventId, const QString &name, const Request &request) {
            const auto caller = services.authenticator.require(request, auth::Role::Manager);
            const bool allowed = api::parseCounterSale(JsonBody::parseObject(request.body));
            return toHttp(services.holdbacks.setCounterSale(caller, eventId, name, allowed),
                          200,
                          api::allocationJson);
        });
}

} // namespace boxoffice::server::http
