// SPDX-License-Identifier: GPL-3.0-or-later
#include "vouchercontroller.h"

#include "api/vouchercodec.h"
#include "apiserver.h"
#include "authenticator.h"
#include "domain/vouchers.h"
#include "ifmatch.h"
#include "jsonbody.h"
#include "resultreply.h"

namespace boxoffice::server::http {

namespace {

QHttpServerResponse voucherReply(const domain::Result<db::Voucher> &voucher, int status = 200)
{
    const api::Answer answer = api::answerOf(voucher, status, api::voucherJson);
    if (answer.isError())
        return toHttp(answer);
    return toHttp(answer, {{"ETag", versionTag(voucher->version)}});
}

} // namespace

void VoucherController::registerRoutes(ApiServer &server, Services &services)
{
    server.routeId(QStringLiteral("/events/<arg>/vouchers"),
                   QHttpServerRequest::Method::Get,
                   [&services](const QString &eventId, const Request &request) {
                       services.authenticator.require(request, auth::Role::Manager);
                       return toHttp(services.vouchers.forEvent(eventId), 200, api::vouchersJson);
                   });
    // The seats a code opens (a fan signed in, or a clerk): the shop shows them on the map.
    server.routeId(QStringLiteral("/events/<arg>/unlock"),
                   QHttpServerRequest::Method::Post,
                   [&services](const QString &eventId, const Request &request) {
                       const auto caller = services.authenticator.authenticate(request);
                       const QString code = api::parseVoucherCode(
                           JsonBody::parseObject(request.body));
                       return toHttp(services.vouchers.unlock(caller, eventId, code),
                                     200,
                                     api::unlockedSeatsJson);
                   });
    server.route(QStringLiteral("/vouchers"),
                 QHttpServerRequest::Method::Post,
                 [&services](const Request &request) {
                     const auto manager = services.authenticator.require(request,
                                                                         auth::Role::Manager);
                     const db::Voucher voucher = api::parseVoucher(
                         JsonBody::parseObject(request.body));
                     if (voucher.code.isEmpty())
                         throw domain::Error::invalidField(QStringLiteral("code"),
                                                           QStringLiteral(
                                                               "a voucher needs a code"));
                     return voucherReply(services.vouchers.create(manager, voucher), 201);
                 });
    server.routeId(QStringLiteral("/vouchers/<arg>"),
                   QHttpServerRequest::Method::Get,
                   [&services](const QString &code, const Request &request) {
                       services.authenticator.require(request, auth::Role::Manager);
                       return voucherReply(services.vouchers.find(code));
                   });
    server.routeId(QStringLiteral("/vouchers/<arg>"),
                   QHttpServerRequest::Method::Put,
                   [&services](const QString &code, const Request &request) {
                       const auto manager = services.authenticator.require(request,
                                                                           auth::Role::Manager);
                       const int version = requiredIfMatch(request);
                       const db::Voucher voucher = api::parseVoucher(
                           JsonBody::parseObject(request.body));
                       if (!voucher.code.isEmpty()
                           && voucher.code.compare(code, Qt::CaseInsensitive) != 0)
                           throw domain::Error::invalidField(
                               QStringLiteral("code"),
                               QStringLiteral("a code cannot be renamed: make a new voucher"));
                       return voucherReply(
                           services.vouchers.replace(manager, code, version, voucher));
                   });
    server.routeId(QStringLiteral("/vouchers/<arg>"),
                   QHttpServerRequest::Method::Delete,
                   [&services](const QString &code, const Request &request) {
                       const auto manager = services.authenticator.require(request,
                                                                           auth::Role::Manager);
                       return voucherReply(services.vouchers.remove(manager, code));
                   });
}

} // namespace boxoffice::server::http
