// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventadmincontroller.h"

#include "api/catalogcodec.h"
#include "api/eventadmincodec.h"
#include "api/statscodec.h"
#include "apiserver.h"
#include "authenticator.h"
#include "domain/eventadmin.h"
#include "domain/salesdashboard.h"
#include "domain/seatmapcache.h"
#include "ifmatch.h"
#include "jsonbody.h"
#include "resultreply.h"

namespace boxoffice::server::http {

QHttpServerResponse eventReply(const domain::Result<domain::EventDocument> &event, int status)
{
    const api::Answer answer = api::answerOf(event, status, api::eventJson);
    if (answer.isError())
        return toHttp(answer);
    return toHttp(answer, {{"ETag", versionTag(answer.body.value(u"version").toInt())}});
}

void EventAdminController::registerRoutes(ApiServer &server, Services &services)
{
    server.routeId(QStringLiteral("/events/<arg>"),
                   QHttpServerRequest::Method::Patch,
                   [&services](const QString &id, const Request &request) {
                       const auto manager = services.authenticator.require(request,
                                                                           auth::Role::Manager);
                       const int version = requiredIfMatch(request);
                       const auto patch = api::parseEventPatch(JsonBody::parseObject(request.body));
                       return eventReply(services.eventAdmin.update(manager, id, version, patch),
                                         200);
                   });
    server.routeId(QStringLiteral("/events/<arg>/cancel"),
                   QHttpServerRequest::Method::Post,
                   [&services](const QString &id, const Request &request) {
                       const auto manager = services.authenticator.require(request,
                                                                           auth::Role::Manager);
                       const int version = requiredIfMatch(request);
                       const QString reason = api::parseCancelReason(
                           JsonBody::parseObject(request.body));
                       return toHttp(services.eventAdmin.cancel(manager, id, version, reason),
                                     200,
                                     api::cancelledEventJson);
                   });
    server.routeId(QStringLiteral("/events/<arg>/seat-categories"),
                   QHttpServerRequest::Method::Put,
                   [&services](const QString &id, const Request &request) {
                       const auto manager = services.authenticator.require(request,
                                                                           auth::Role::Manager);
                       const int version = requiredIfMatch(request);
                       const auto assignment = api::parseSeatCategoryAssignment(
                           JsonBody::parseObject(request.body));
                       const auto assigned = services.eventAdmin.assignCategory(manager,
                                                                                id,
                                                                                version,
                                                                                assignment);
                       const api::Answer answer = api::answerOf(assigned,
                                                                200,
                                                                api::assignedSeatsJson);
                       if (answer.isError())
                           return toHttp(answer);
                       return toHttp(answer, {{"ETag", versionTag(assigned->version)}});
                   });
    server.routeId(QStringLiteral("/events/<arg>/stats"),
                   QHttpServerRequest::Method::Get,
                   [&services](const QString &id, const Request &request) {
                       services.authenticator.require(request, auth::Role::Manager);
                       return toHttp(services.dashboard.figures(id), 200, api::salesFiguresJson);
                   });
    server.routeId(QStringLiteral("/events/<arg>/duplicate"),
                   QHttpServerRequest::Method::Post,
                   [&services](const QString &id, const Request &request) {
                       const auto manager = services.authenticator.require(request,
                                                                           auth::Role::Manager);
                       const auto copy = api::parseEventCopy(
                           JsonBody::parseObjectOrEmpty(request.body));
                       const auto created = services.eventAdmin.duplicate(manager, id, copy);
                       if (created)
                           services.seatmaps.prepare(created->id);
                       return eventReply(created, 201);
                   });
}

} // namespace boxoffice::server::http
