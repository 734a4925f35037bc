#include "authcontroller.h"

#include "apiserver.h"
#include "authenticator.h"
#include "domain/loginguard.h"
#include "domain/userservice.h"
#include "jsonbody.h"
#include "reply.h"
#include "sessioncookie.h"

#include <functional>

namespace boxoffice::server::http {

using domain::Error;
using domain::ErrorCode;

namespace {

void onlyFields(const JsonBody &body, const QStringList &known)
{
    for (auto it = body.object().begin(); it != body.object().end(); ++it) {
        if (!known.contains(it.key()))
            throw Error(ErrorCode::BadRequest, QStringLiteral("unknown field `%1`").arg(it.key()));
    }
}

// The token answer, plus the cookie that signs a browser in with it.
QHttpServerResponse signedIn(const domain::Response &answer, bool secure)
{
    QHttpServerResponse out = toHttp(answer);
    if (!answer.isError()) {
        out.setHeader("Set-Cookie",
                      SessionCookie::set(answer.body.value(u"access_token").toString().toLatin1(),
                                         answer.body.value(u"expires_in").toInteger(),
                                         secure));
        out.setHeader("Cache-Control", "no-store");
    }
    return out;
}

} // namespace

void AuthController::registerRoutes(ApiServer &server, Services &services)
{
    // Sign-in and registration: limited per address and per account (a lockout after repeated
    // failed sign-ins), and password hashing has a small pool of its own: a flood never queues
    // in front of holds on the database workers.
    const auto guarded = [&services](const QByteArray &scope,
                                     const Request &request,
                                     const QString &account,
                                     const std::function<domain::Response()> &attempt) {
        if (services.loginGuard)
            services.loginGuard->admit(scope, request.remoteAddress, account);
        try {
            domain::Response answer = attempt();
            if (services.loginGuard && scope == "login")
                services.loginGuard->succeeded(account);
            return signedIn(answer, services.secureCookies);
        } catch (const Error &error) {
            if (services.loginGuard && scope == "login"
                && error.code() == ErrorCode::Unauthenticated)
                services.loginGuard->failed(account);
            throw;
        }
    };
    const auto hashed = [&server, &services](const QString &path, Handler handler) {
        if (services.passwordPool)
            server.routeOnPool(path,
                               QHttpServerRequest::Method::Post,
                               services.passwordPool,
                               handler);
        else
            server.route(path, QHttpServerRequest::Method::Post, handler);
    };
    hashed(QStringLiteral("/auth/login"), [&services, guarded](const Request &request) {
        const JsonBody body(JsonBody::parseObject(request.body));
        onlyFields(body,
                   {QStringLiteral("username"),
                    QStringLiteral("email"),
                    QStringLiteral("password")});
        const QString password = body.requireString(QStringLiteral("password"), 1024);
        if (body.has(QStringLiteral("email")) == body.has(QStringLiteral("username")))
            throw Error(ErrorCode::BadRequest, QStringLiteral("send one of `email` and `username`"));
        if (body.has(QStringLiteral("email"))) {
            const QString email = body.requireString(QStringLiteral("email"), 254);
            return guarded("login", request, email, [&] {
                return services.users.loginByEmail(email, password.toUtf8());
            });
        }
        const QString username = body.requireString(QStringLiteral("username"), 255);
        return guarded("login", request, username, [&] {
            return services.users.login(username, password.toUtf8());
        });
    });
    hashed(QStringLiteral("/auth/register"), [&services, guarded](const Request &request) {
        const JsonBody body(JsonBody::parseObject(request.body));
        onlyFields(body,
                   {QStringLiteral("email"),
                    QStringLiteral("password"),
                    QStringLiteral("name"),
                    QStringLiteral("locale")});
        domain::Registration registration;
        registration.email = body.requireString(QStringLiteral("email"), 254);
        registration.password = body.requireString(QStringLiteral("password"), 1024);
        registration.name = body.requireString(QStringLiteral("name"), 200);
        registration.locale = body.optionalString(QStringLiteral("locale"), 16).value_or(QString());
        return guarded("register", request, registration.email, [&] {
            return services.users.registerFan(registration);
        });
    });
    // Signing out needs no token: it only tells the browser to forget its cookie.
    server.route(QStringLiteral("/auth/logout"),
                 QHttpServerRequest::Method::Post,
                 [&services](const Request &) {
                     QHttpServerResponse out(QHttpServerResponse::StatusCode::NoContent);
                     out.setHeader("Set-Cookie", SessionCookie::clear(services.secureCookies));
                     return out;
                 });
    server.route(QStringLiteral("/me"),
                 QHttpServerRequest::Method::Get,
                 [&services](const Request &request) {
                     const auto caller = services.authenticator.authenticate(request);
                     QHttpServerResponse out = toHttp(
                         services.users.profile(caller.subject, auth::roleName(caller.role)));
                     out.setHeader("Cache-Control", "no-store");
                     return out;
                 });
}

} // namespace boxoffice::server::http
