// SPDX-License-Identifier: GPL-3.0-or-later
#include "personaldatacontroller.h"

#include "api/sessioncookie.h"
#include "apiserver.h"
#include "authenticator.h"
#include "domain/accountdata.h"
#include "domain/loginguard.h"
#include "jsonbody.h"
#include "resultreply.h"

namespace boxoffice::server::http {

void PersonalDataController::registerRoutes(ApiServer &server, Services &services)
{
    server.route(QStringLiteral("/me/data"),
                 QHttpServerRequest::Method::Get,
                 [&services](const Request &request) {
                     const auto caller = services.authenticator.authenticate(request);
                     QHttpServerResponse out = toHttp(services.accountData.exportFor(caller),
                                                      200,
                                                      [](const QJsonObject &data) { return data; });
                     out.setHeader("Cache-Control", "no-store");
                     if (out.statusCode() == QHttpServerResponse::StatusCode::Ok)
                         out.setHeader("Content-Disposition",
                                       "attachment; filename=\"my-boxoffice-data.json\"");
                     return out;
                 });
    // The password is checked with scrypt: on the password pool, as sign-in, and limited as
    // sign-in is (a stolen session cannot guess its way to an erasure).
    server.routeOnPool(QStringLiteral("/me"),
                       QHttpServerRequest::Method::Delete,
                       &services.passwordPool,
                       [&services](const Request &request) {
                           const auto caller = services.authenticator.authenticate(request);
                           const JsonBody body(JsonBody::parseObject(request.body));
                           body.onlyFields({QStringLiteral("password")});
                           const QString password = body.requireString(QStringLiteral("password"),
                                                                       1024);
                           services.loginGuard.admit("erase", request.remoteAddress, caller.subject);
                           const auto erased = services.accountData.erase(caller, password);
                           if (!erased)
                               return problem(erased.error());
                           QHttpServerResponse out(QHttpServerResponse::StatusCode::NoContent);
                           out.setHeader("Set-Cookie",
                                         api::SessionCookie::clear(services.secureCookies));
                           return out;
                       });
}

} // namespace boxoffice::server::http
