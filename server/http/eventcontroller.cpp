// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventcontroller.h"

#include "api/catalogcodec.h"
#include "apiserver.h"
#include "authenticator.h"
#include "domain/catalogservice.h"
#include "domain/seatmapcache.h"
#include "eventadmincontroller.h"
#include "jsonbody.h"
#include "resultreply.h"

namespace boxoffice::server::http {

namespace {

QByteArray compactBody(const QString &eventId, qint64 version, const QByteArray &ws)
{
    // ws is {"seats":[...],"ga":[...]}: its members follow the event id and version.
    return "{\"event_id\":\"" + eventId.toLatin1() + "\",\"version\":" + QByteArray::number(version)
           + ',' + ws.mid(1);
}

} // namespace

void EventController::registerRoutes(ApiServer &server, Services &services)
{
    server.route(QStringLiteral("/events"),
                 QHttpServerRequest::Method::Post,
                 [&services](const Request &request) {
                     const auto manager = services.authenticator.require(request,
                                                                         auth::Role::Manager);
                     const auto draft = api::parseEventDraft(JsonBody::parseObject(request.body),
                                                             services.catalog.defaultHoldSeconds());
                     const auto created = services.catalog.createEvent(draft, manager.subject);
                     if (created)
                         services.seatmaps.prepare(created->id);
                     return eventReply(created, 201);
                 });
    server.routeId(QStringLiteral("/events/<arg>"),
                   QHttpServerRequest::Method::Get,
                   [&services](const QString &id, const Request &) {
                       return eventReply(services.catalog.event(id), 200);
                   });
    server.routeId(QStringLiteral("/events/<arg>/seatmap"),
                   QHttpServerRequest::Method::Get,
                   [&services](const QString &id, const Request &request) {
                       const QString format = request.query.queryItemValue(
                           QStringLiteral("format"));
                       const bool compact = format == u"compact";
                       if (!compact && !format.isEmpty() && format != u"full")
                           throw domain::Error(domain::ErrorCode::BadRequest,
                                               QStringLiteral("`format` must be full or compact"));
                       const auto snapshot = services.seatmaps.get(id);
                       // One ETag per representation: the version (".<layout>" once seats moved
                       // to other price categories), "-c" for the compact one.
                       const QByteArray layout = snapshot.layout == 0
                                                     ? QByteArray()
                                                     : '.' + QByteArray::number(snapshot.layout);
                       const QByteArray etag = '"' + QByteArray::number(snapshot.version) + layout
                                               + (compact ? "-c\"" : "\"");
                       if (request.header("if-none-match") == etag)
                           return toHttp({304, {}}, {{"ETag", etag}});
                       // The compact form is the WebSocket snapshot's {"seats","ga"}.
                       QHttpServerResponse response("application/json",
                                                    compact ? compactBody(id,
                                                                          snapshot.version,
                                                                          snapshot.ws)
                                                            : snapshot.json);
                       response.setHeader("ETag", etag);
                       return response;
                   });
}

} // namespace boxoffice::server::http
