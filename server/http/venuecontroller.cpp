// SPDX-License-Identifier: GPL-3.0-or-later
#include "venuecontroller.h"

#include "api/catalogcodec.h"
#include "apiserver.h"
#include "authenticator.h"
#include "domain/catalogservice.h"
#include "ifmatch.h"
#include "resultreply.h"

namespace boxoffice::server::http {

using domain::Error;
using domain::ErrorCode;

namespace {

domain::VenueFormat formatOf(const Request &request)
{
    const QString format = request.query.queryItemValue(QStringLiteral("format"));
    if (format.isEmpty() || format == u"venue")
        return domain::VenueFormat::Venue;
    if (format == u"pretix")
        return domain::VenueFormat::Pretix;
    throw Error(ErrorCode::BadRequest, QStringLiteral("`format` must be venue or pretix"));
}

int venueIfMatch(const Request &request)
{
    const auto version = ifMatchVersion(request);
    if (!version)
        throw Error(ErrorCode::BadRequest,
                    QStringLiteral("If-Match with the venue version is required"));
    return *version;
}

} // namespace

void VenueController::registerRoutes(ApiServer &server, Services &services)
{
    server.route(
        QStringLiteral("/venues"),
        QHttpServerRequest::Method::Post,
        [&services](const Request &request) {
            services.authenticator.require(request, auth::Role::Manager);
            return toHttp(services.catalog.createVenue(request.body, formatOf(request)),
                          201,
                          api::savedVenueJson);
        },
        kVenueBodyLimit);
    server.route(QStringLiteral("/venues"),
                 QHttpServerRequest::Method::Get,
                 [&services](const Request &) {
                     return toHttp(api::Answer{200, api::venueListJson(services.catalog.venues())});
                 });
    server.routeId(QStringLiteral("/venues/<arg>"),
                   QHttpServerRequest::Method::Get,
                   [&services](const QString &id, const Request &) {
                       const auto venue = services.catalog.venue(id);
                       if (!venue)
                           return problem(venue.error());
                       return toHttp(api::Answer{200, api::venueJson(*venue)},
                                     {{"ETag", '"' + QByteArray::number(venue->version) + '"'}});
                   });
    server.routeId(
        QStringLiteral("/venues/<arg>"),
        QHttpServerRequest::Method::Put,
        [&services](const QString &id, const Request &request) {
            services.authenticator.require(request, auth::Role::Manager);
            return toHttp(services.catalog.updateVenue(id,
                                                       request.body,
                                                       venueIfMatch(request),
                                                       formatOf(request)),
                          200,
                          api::savedVenueJson);
        },
        kVenueBodyLimit);
}

} // namespace boxoffice::server::http
