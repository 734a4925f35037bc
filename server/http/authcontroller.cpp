#include "authcontroller.h"

#include "apiserver.h"
#include "authenticator.h"
#include "domain/userservice.h"
#include "jsonbody.h"
#include "reply.h"
#include "sessioncookie.h"

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
    server.route(QStringLiteral("/auth/login"),
                 QHttpServerRequest::Method::Post,
                 [&services](const Request &request) {
                     const JsonBody body(JsonBody::parseObject(request.body));
                     onlyFields(body,
                                {QStringLiteral("username"),
                                 QStringLiteral("email"),
                                 QStringLiteral("password")});
                     const QString password = body.requireString(QStringLiteral("password"), 1024);
                     if (body.has(QStringLiteral("email")) == body.has(QStringLiteral("username")))
                         throw Error(ErrorCode::BadRequest,
                                     QStringLiteral("send one of `email` and `username`"));
                     if (body.has(QStringLiteral("email")))
                         return signedIn(services.users.loginByEmail(
                                             body.requireString(QStringLiteral("email"), 254),
                                             password.toUtf8()),
                                         services.secureCookies);
                     return signedIn(services.users
                                         .login(body.requireString(QStringLiteral("username"), 255),
                                                password.toUtf8()),
                                     services.secureCookies);
                 });
    server.route(QStringLiteral("/auth/register"),
                 QHttpServerRequest::Method::Post,
                 [&services](const Request &request) {
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
                     registration.locale = body.optionalString(QStringLiteral("locale"), 16)
                                               .value_or(QString());
                     return signedIn(services.users.registerFan(registration),
                                     services.secureCookies);
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
