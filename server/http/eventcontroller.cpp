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

// The members of `form` ({"seats",...} or {"layout","status",...}) after the event id and
// version.
QByteArray withHeader(const QString &eventId, qint64 version, const QByteArray &form)
{
    return "{\"event_id\":\"" + eventId.toUtf8() + "\",\"version\":" + QByteArray::number(version)
           + ',' + form.mid(1);
}

// GET /events/{id}/seatmap: `full` (the API's map), `compact` (ids and statuses) or `status`
// (a code per seat in the layout's order, for readers that keep the layout).
QHttpServerResponse seatmapReply(const QString &eventId,
                                 const domain::SeatmapCache::Snapshot &snapshot,
                                 const Request &request)
{
    const QString format = request.query.queryItemValue(QStringLiteral("format"));
    const bool compact = format == u"compact";
    const bool status = format == u"status";
    if (!compact && !status && !format.isEmpty() && format != u"full")
        throw domain::Error(domain::ErrorCode::BadRequest,
                            QStringLiteral("`format` must be full, compact or status"));
    // One ETag per representation: the version (".<layout>" once seats moved to other price
    // categories), "-c" for the compact one, "-s" for the status one.
    const QByteArray layout = snapshot.layout == 0 ? QByteArray()
                                                   : '.' + QByteArray::number(snapshot.layout);
    const QByteArray etag = '"' + QByteArray::number(snapshot.version) + layout
                            + (compact  ? "-c\""
                               : status ? "-s\""
                                        : "\"");
    if (request.header("if-none-match") == etag)
        return toHttp({304, {}}, {{"ETag", etag}});
    QHttpServerResponse response("application/json",
                                 compact  ? withHeader(eventId, snapshot.version, snapshot.ws)
                                 : status ? withHeader(eventId, snapshot.version, snapshot.status)
                                          : snapshot.json);
    response.setHeader("ETag", etag);
    return response;
}

// GET /events/{id}/seatmap/layout[?v=<layout>]: the fixed part by column. Asked for by the
// layout number a status answer named, it never changes: any cache may keep it for good.
QHttpServerResponse layoutReply(const domain::SeatmapCache::Snapshot &snapshot,
                                const Request &request)
{
    const QByteArray etag = "\"L" + QByteArray::number(snapshot.layout) + "-p\"";
    const bool versioned = request.query.queryItemValue(QStringLiteral("v"))
                           == QString::number(snapshot.layout);
    const QByteArray cache = versioned ? "public, max-age=31536000, immutable" : "no-cache";
    if (request.header("if-none-match") == etag)
        return toHttp({304, {}}, {{"ETag", etag}, {"Cache-Control", cache}});
    QHttpServerResponse response("application/json", snapshot.plan);
    response.setHeader("ETag", etag);
    response.setHeader("Cache-Control", cache);
    return response;
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
                       return seatmapReply(id, services.seatmaps.get(id), request);
                   });
    server.routeId(QStringLiteral("/events/<arg>/seatmap/layout"),
                   QHttpServerRequest::Method::Get,
                   [&services](const QString &id, const Request &request) {
                       return layoutReply(services.seatmaps.get(id), request);
                   });
}

} // namespace boxoffice::server::http
