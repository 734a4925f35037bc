#include "authcontroller.h"

#include "apiserver.h"
#include "domain/userservice.h"
#include "jsonbody.h"
#include "reply.h"

namespace boxoffice::server::http {

void AuthController::registerRoutes(ApiServer &server, Services &services)
{
    server.route(QStringLiteral("/auth/login"),
                 QHttpServerRequest::Method::Post,
                 [&services](const Request &request) {
                     const JsonBody body(JsonBody::parseObject(request.body));
                     const QString username = body.requireString(QStringLiteral("username"), 255);
                     const QString password = body.requireString(QStringLiteral("password"), 1024);
                     return toHttp(services.users.login(username, password.toUtf8()));
                 });
}

} // namespace boxoffice::server::http
