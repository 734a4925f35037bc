// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalogcontroller.h"

#include "api/catalogcodec.h"
#include "api/searchcodec.h"
#include "apiserver.h"
#include "authenticator.h"
#include "domain/catalogservice.h"
#include "domain/searchservice.h"
#include "metrics/registry.h"
#include "resultreply.h"

namespace boxoffice::server::http {

namespace {

QHttpServerResponse allEvents(const Request &request, Services &services)
{
    services.authenticator.require(request, auth::Role::Clerk);
    const api::EventListing listing = api::parseEventListing(request.query);
    return toHttp(api::Answer{200,
                              api::allEventsJson(services.catalog.allEvents(listing.limit + 1,
                                                                            listing.offset),
                                                 listing)});
}

} // namespace

void CatalogController::registerRoutes(ApiServer &server,
                                       Services &services,
                                       domain::SearchService &search)
{
    server.route(QStringLiteral("/events"),
                 QHttpServerRequest::Method::Get,
                 [&search, &services](const Request &request) {
                     // The back office's list: every event, for staff.
                     if (request.query.hasQueryItem(QStringLiteral("include")))
                         return allEvents(request, services);
                     const domain::EventSearch query = api::parseEventSearch(request.query);
                     return toHttp(api::Answer{200, api::eventPageJson(search.search(query))});
                 });
    server.routeTwoIds(QStringLiteral("/events/<arg>/seats/<arg>/history"),
                       QHttpServerRequest::Method::Get,
                       [&services, &search](const QString &eventId,
                                            const QString &seatId,
                                            const Request &request) {
                           services.authenticator.require(request, auth::Role::Manager);
                           return toHttp(search.seatHistory(eventId, seatId),
                                         200,
                                         api::seatHistoryJson);
                       });
    server.routeInline(QStringLiteral("/metrics"),
                       QHttpServerRequest::Method::Get,
                       [](const Request &) {
                           return QHttpServerResponse("text/plain; version=0.0.4; charset=utf-8",
                                                      metrics::Registry::instance().render());
                       });
}

} // namespace boxoffice::server::http
