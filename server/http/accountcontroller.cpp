// SPDX-License-Identifier: GPL-3.0-or-later
#include "accountcontroller.h"

#include "api/usercodec.h"
#include "apiserver.h"
#include "authcontroller.h"
#include "authenticator.h"
#include "boundedpool.h"
#include "domain/accountlinks.h"
#include "domain/loginguard.h"
#include "jsonbody.h"
#include "resultreply.h"

#include <QLoggingCategory>

namespace boxoffice::server::http {

namespace {

const QString kToken = QStringLiteral("token");

QHttpServerResponse noStore(QHttpServerResponse out)
{
    out.setHeader("Cache-Control", "no-store");
    return out;
}

} // namespace

Q_LOGGING_CATEGORY(lcAccountLinks, "boxoffice.accounts")

void AccountController::registerRoutes(ApiServer &server, Services &services)
{
    // The same 202 and body whatever the address: whether it has an account is never told, in
    // content or in time. The answer goes before the work (on the bounded password pool), so a
    // known address's extra writes take no time the caller can measure.
    server.route(QStringLiteral("/auth/password-reset"),
                 QHttpServerRequest::Method::Post,
                 [&services](const Request &request) {
                     const JsonBody body(JsonBody::parseObject(request.body));
                     body.onlyFields({QStringLiteral("email")});
                     const QString email = body.requireString(QStringLiteral("email"), 254);
                     services.loginGuard.admit("reset",
                                               request.remoteAddress,
                                               email.trimmed().toLower());
                     domain::AccountLinks &links = services.accountLinks;
                     const bool queued = services.passwordPool.tryStart([&links, email] {
                         try {
                             links.requestReset(email);
                         } catch (const std::exception &error) {
                             qCWarning(lcAccountLinks)
                                 << "password reset not recorded:" << error.what();
                         }
                     });
                     if (!queued) // busy for everyone alike: no address is told apart
                         throw domain::Error(domain::ErrorCode::Unavailable,
                                             QStringLiteral("busy; ask for the link again shortly"),
                                             domain::ErrorDetails{.retryAfterSeconds = 5});
                     return noStore(toHttp(api::Answer{202,
                                                       QJsonObject{{QStringLiteral("status"),
                                                                    QStringLiteral("accepted")}}}));
                 });
    // Hashes the new password: on the password pool, as sign-in.
    server.routeOnPool(
        QStringLiteral("/auth/password-reset/confirm"),
        QHttpServerRequest::Method::Post,
        &services.passwordPool,
        [&services](const Request &request) {
            const JsonBody body(JsonBody::parseObject(request.body));
            body.onlyFields({kToken, QStringLiteral("password")});
            const QString token = body.requireString(kToken, 200);
            const QString password = body.requireString(QStringLiteral("password"), 1024);
            services.loginGuard.admit("reset-confirm", request.remoteAddress, token.left(16));
            return AuthController::signedIn(services.accountLinks.confirmReset(token, password),
                                            200,
                                            services.secureCookies);
        });
    server.route(QStringLiteral("/auth/verify"),
                 QHttpServerRequest::Method::Post,
                 [&services](const Request &request) {
                     const JsonBody body(JsonBody::parseObject(request.body));
                     body.onlyFields({kToken});
                     const QString token = body.requireString(kToken, 200);
                     services.loginGuard.admit("verify", request.remoteAddress, token.left(16));
                     return noStore(
                         toHttp(services.accountLinks.verify(token), 200, api::profileJson));
                 });
    // Another verification mail for the signed-in fan.
    server.route(QStringLiteral("/auth/verification"),
                 QHttpServerRequest::Method::Post,
                 [&services](const Request &request) {
                     const auto caller = services.authenticator.authenticate(request);
                     services.loginGuard.admit("verification",
                                               request.remoteAddress,
                                               caller.subject);
                     return noStore(toHttp(services.accountLinks.resendVerification(caller.subject),
                                           202,
                                           [](bool queued) {
                                               return QJsonObject{
                                                   {QStringLiteral("status"),
                                                    queued ? QStringLiteral("queued")
                                                           : QStringLiteral("recently_sent")}};
                                           }));
                 });
}

} // namespace boxoffice::server::http
