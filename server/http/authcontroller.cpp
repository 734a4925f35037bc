#include "authcontroller.h"

#include "apiserver.h"
#include "domain/loginguard.h"
#include "domain/userservice.h"
#include "jsonbody.h"
#include "reply.h"

namespace boxoffice::server::http {

void AuthController::registerRoutes(ApiServer &server, Services &services)
{
    const Handler login = [&services](const Request &request) {
        const JsonBody body(JsonBody::parseObject(request.body));
        const QString username = body.requireString(QStringLiteral("username"), 255);
        const QString password = body.requireString(QStringLiteral("password"), 1024);
        if (services.loginGuard)
            services.loginGuard->admit(QByteArrayLiteral("login"), request.remoteAddress, username);
        try {
            const auto answer = services.users.login(username, password.toUtf8());
            if (services.loginGuard)
                services.loginGuard->succeeded(username);
            return toHttp(answer);
        } catch (const domain::Error &error) {
            if (services.loginGuard && error.code() == domain::ErrorCode::Unauthenticated)
                services.loginGuard->failed(username);
            throw;
        }
    };
    // Password hashing has a small pool of its own: a flood of sign-ins never queues in
    // front of holds on the database workers.
    if (services.passwordPool)
        server.routeOnPool(QStringLiteral("/auth/login"),
                           QHttpServerRequest::Method::Post,
                           services.passwordPool,
                           login);
    else
        server.route(QStringLiteral("/auth/login"), QHttpServerRequest::Method::Post, login);
}

} // namespace boxoffice::server::http
