// SPDX-License-Identifier: GPL-3.0-or-later
#include "authcontroller.h"

#include "api/sessioncookie.h"
#include "api/usercodec.h"
#include "apiserver.h"
#include "authenticator.h"
#include "domain/loginguard.h"
#include "domain/userservice.h"
#include "jsonbody.h"
#include "resultreply.h"

#include <functional>

namespace boxoffice::server::http {

using domain::Error;
using domain::ErrorCode;

QHttpServerResponse AuthController::signedIn(const domain::Result<domain::AccessToken> &answer,
                                             int status,
                                             bool secure)
{
    QHttpServerResponse out = toHttp(answer, status, api::accessTokenJson);
    if (answer.ok()) {
        out.setHeader("Set-Cookie",
                      api::SessionCookie::set(answer->token, answer->expiresInSeconds, secure));
        out.setHeader("Cache-Control", "no-store");
    }
    return out;
}

void AuthController::registerRoutes(ApiServer &server, Services &services)
{
    // Sign-in and registration: limited per address and per account (a lockout after repeated
    // failed sign-ins), and password hashing has a small pool of its own: a flood never queues
    // in front of holds on the database workers.
    using Attempt = std::function<domain::Result<domain::AccessToken>()>;
    const auto guarded = [&services](const QByteArray &scope,
                                     const Request &request,
                                     const QString &account,
                                     int status,
                                     const Attempt &attempt) {
        services.loginGuard.admit(scope, request.remoteAddress, account);
        const domain::Result<domain::AccessToken> answer = attempt();
        if (scope == "login") {
            if (answer.ok())
                services.loginGuard.succeeded(account);
            else if (answer.error().code() == ErrorCode::Unauthenticated)
                services.loginGuard.failed(account);
        }
        return signedIn(answer, status, services.secureCookies);
    };
    const auto hashed = [&server, &services](const QString &path, Handler handler) {
        server.routeOnPool(path, QHttpServerRequest::Method::Post, &services.passwordPool, handler);
    };
    hashed(QStringLiteral("/auth/login"), [&services, guarded](const Request &request) {
        const JsonBody body(JsonBody::parseObject(request.body));
        body.onlyFields(
            {QStringLiteral("username"), QStringLiteral("email"), QStringLiteral("password")});
        const QString password = body.requireString(QStringLiteral("password"), 1024);
        if (body.has(QStringLiteral("email")) == body.has(QStringLiteral("username")))
            throw Error(ErrorCode::BadRequest, QStringLiteral("send one of `email` and `username`"));
        if (body.has(QStringLiteral("email"))) {
            const QString email = body.requireString(QStringLiteral("email"), 254);
            return guarded("login", request, email, 200, [&] {
                return services.users.loginByEmail(email, password.toUtf8(), request.remoteAddress);
            });
        }
        const QString username = body.requireString(QStringLiteral("username"), 255);
        return guarded("login", request, username, 200, [&] {
            return services.users.login(username, password.toUtf8(), request.remoteAddress);
        });
    });
    hashed(QStringLiteral("/auth/register"), [&services, guarded](const Request &request) {
        const JsonBody body(JsonBody::parseObject(request.body));
        body.onlyFields({QStringLiteral("email"),
                         QStringLiteral("password"),
                         QStringLiteral("name"),
                         QStringLiteral("locale")});
        domain::Registration registration;
        registration.email = body.requireString(QStringLiteral("email"), 254);
        registration.password = body.requireString(QStringLiteral("password"), 1024);
        registration.name = body.requireString(QStringLiteral("name"), 200);
        registration.locale = body.optionalString(QStringLiteral("locale"), 16).value_or(QString());
        return guarded("register", request, registration.email, 201, [&] {
            return services.users.registerFan(registration);
        });
    });
    // Signing out needs no token: it only tells the browser to forget its cookie.
    server.route(QStringLiteral("/auth/logout"),
                 QHttpServerRequest::Method::Post,
                 [&services](const Request &) {
                     QHttpServerResponse out(QHttpServerResponse::StatusCode::NoContent);
                     out.setHeader("Set-Cookie", api::SessionCookie::clear(services.secureCookies));
                     return out;
                 });
    server.route(QStringLiteral("/me"),
                 QHttpServerRequest::Method::Get,
                 [&services](const Request &request) {
                     const auto caller = services.authenticator.authenticate(request);
                     const domain::Profile profile = services.users.profile(caller.subject,
                                                                            auth::roleName(
                                                                                caller.role));
                     QHttpServerResponse out = toHttp(api::Answer{200, api::profileJson(profile)});
                     out.setHeader("Cache-Control", "no-store");
                     return out;
                 });
}

} // namespace boxoffice::server::http
