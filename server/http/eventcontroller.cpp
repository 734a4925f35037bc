#include "eventcontroller.h"

#include "apiserver.h"
#include "authenticator.h"
#include "domain/catalogservice.h"
#include "jsonbody.h"
#include "reply.h"

namespace boxoffice::server::http {

void EventController::registerRoutes(ApiServer &server, Services &services)
{
    server.route(QStringLiteral("/events"),
                 QHttpServerRequest::Method::Post,
                 [&services](const Request &request) {
                     services.authenticator.require(request, auth::Role::Manager);
                     const auto draft = services.catalog.parseEvent(
                         JsonBody::parseObject(request.body));
                     return toHttp(services.catalog.createEvent(draft));
                 });
    server.routeId(QStringLiteral("/events/<arg>"),
                   QHttpServerRequest::Method::Get,
                   [&services](const QString &id, const Request &) {
                       return toHttp(services.catalog.event(id));
                   });
    server.routeId(QStringLiteral("/events/<arg>/seatmap"),
                   QHttpServerRequest::Method::Get,
                   [&services](const QString &id, const Request &request) {
                       const auto map = services.catalog.seatmap(id);
                       const QByteArray etag = '"'
                                               + QByteArray::number(
                                                   map.body.value(u"version").toInteger())
                                               + '"';
                       if (request.header("if-none-match") == etag)
                           return toHttp({304, {}}, {{"ETag", etag}});
                       return toHttp(map, {{"ETag", etag}});
                   });
}

} // namespace boxoffice::server::http
