// SPDX-License-Identifier: GPL-3.0-or-later
#include "staffcontroller.h"

#include "api/staffcodec.h"
#include "apiserver.h"
#include "authenticator.h"
#include "boundedpool.h"
#include "domain/staff.h"
#include "jsonbody.h"
#include "resultreply.h"

#include <future>

namespace boxoffice::server::http {

using domain::Error;
using domain::ErrorCode;

namespace {

// Runs `work` on the password pool and waits for it: a new password's scrypt is bounded like
// every sign-in's, and a full pool is a 503 (retry) rather than a queue of 32 MiB hashes.
template<class Work>
auto onPasswordPool(BoundedPool &pool, Work &&work)
{
    using Answer = decltype(work());
    auto promise = std::make_shared<std::promise<Answer>>();
    std::future<Answer> answer = promise->get_future();
    const bool started = pool.tryStart([promise, &work] {
        try {
            promise->set_value(work());
        } catch (...) {
            promise->set_exception(std::current_exception());
        }
    });
    if (!started)
        throw Error(ErrorCode::Unavailable,
                    QStringLiteral("too many password changes at once; retry shortly"),
                    domain::ErrorDetails{.retryAfterSeconds = 1});
    return answer.get();
}

qint64 staffId(const QString &id)
{
    bool ok = false;
    const qint64 value = id.toLongLong(&ok);
    if (!ok || value < 1)
        throw Error(ErrorCode::NotFound, QStringLiteral("no such staff account"));
    return value;
}

QHttpServerResponse noStore(QHttpServerResponse response)
{
    response.setHeader("Cache-Control", "no-store");
    return response;
}

} // namespace

void StaffController::registerRoutes(ApiServer &server, Services &services)
{
    server.route(QStringLiteral("/staff"),
                 QHttpServerRequest::Method::Get,
                 [&services](const Request &request) {
                     services.authenticator.require(request, auth::Role::Manager);
                     return noStore(toHttp(services.staff.list(), 200, api::staffListJson));
                 });
    // On the password pool: the new account's scrypt must not starve holds.
    server.routeOnPool(QStringLiteral("/staff"),
                       QHttpServerRequest::Method::Post,
                       &services.passwordPool,
                       [&services](const Request &request) {
                           const auto caller = services.authenticator.require(request,
                                                                              auth::Role::Manager);
                           const domain::NewStaff account = api::parseNewStaff(
                               JsonBody::parseObject(request.body));
                           return noStore(
                               toHttp(services.staff.create(caller, account), 201, api::staffJson));
                       });
    server.route(QStringLiteral("/staff/sign-ins"),
                 QHttpServerRequest::Method::Get,
                 [&services](const Request &request) {
                     services.authenticator.require(request, auth::Role::Manager);
                     int limit = 50;
                     if (request.query.hasQueryItem(QStringLiteral("limit"))) {
                         bool ok = false;
                         limit = request.query.queryItemValue(QStringLiteral("limit")).toInt(&ok);
                         if (!ok || limit < 1 || limit > 200)
                             throw Error::invalidField(
                                 QStringLiteral("limit"),
                                 QStringLiteral("`limit` must be an integer from 1 to 200"));
                     }
                     return noStore(toHttp(services.staff.signIns(limit), 200, api::signInsJson));
                 });
    server.routeId(QStringLiteral("/staff/<arg>"),
                   QHttpServerRequest::Method::Patch,
                   [&services](const QString &id, const Request &request) {
                       const auto caller = services.authenticator.require(request,
                                                                          auth::Role::Manager);
                       const domain::StaffPatch patch = api::parseStaffPatch(
                           JsonBody::parseObject(request.body));
                       const auto update = [&] {
                           return services.staff.update(caller, staffId(id), patch);
                       };
                       return noStore(toHttp(patch.password
                                                 ? onPasswordPool(services.passwordPool, update)
                                                 : update(),
                                             200,
                                             api::staffJson));
                   });
}

} // namespace boxoffice::server::http
