// SPDX-License-Identifier: GPL-3.0-or-later
#include "pricingcontroller.h"

#include "api/pricingcodec.h"
#include "api/vouchercodec.h"
#include "apiserver.h"
#include "authenticator.h"
#include "domain/pricing.h"
#include "domain/vouchers.h"
#include "ifmatch.h"
#include "jsonbody.h"
#include "resultreply.h"

namespace boxoffice::server::http {

namespace {

QHttpServerResponse rulesReply(const domain::Result<db::PriceRules> &rules)
{
    const api::Answer answer = api::answerOf(rules, 200, api::priceRulesJson);
    if (answer.isError())
        return toHttp(answer);
    return toHttp(answer, {{"ETag", versionTag(rules->version)}});
}

// The counter's prices for staff, the shop's for fans, unless the query names the channel.
QString channelOf(const domain::Principal &caller, const Request &request)
{
    return api::parseChannel(request.query.queryItemValue(QStringLiteral("channel")),
                             auth::hasRole(caller.role, auth::Role::Clerk)
                                 ? QStringLiteral("box_office")
                                 : QStringLiteral("online"));
}

} // namespace

void PricingController::registerRoutes(ApiServer &server, Services &services)
{
    server.routeId(QStringLiteral("/events/<arg>/pricing"),
                   QHttpServerRequest::Method::Get,
                   [&services](const QString &id, const Request &) {
                       return rulesReply(services.pricing.rules(id));
                   });
    server.routeId(QStringLiteral("/events/<arg>/pricing"),
                   QHttpServerRequest::Method::Put,
                   [&services](const QString &id, const Request &request) {
                       const auto manager = services.authenticator.require(request,
                                                                           auth::Role::Manager);
                       const int version = requiredIfMatch(request);
                       const auto rules = api::parsePriceRules(JsonBody::parseObject(request.body));
                       return rulesReply(services.pricing.replace(manager, id, version, rules));
                   });
    server.routeId(QStringLiteral("/holds/<arg>/types"),
                   QHttpServerRequest::Method::Put,
                   [&services](const QString &id, const Request &request) {
                       const auto caller = services.authenticator.authenticate(request);
                       const auto picks = api::parseTypePicks(JsonBody::parseObject(request.body));
                       return toHttp(services.pricing.pickTypes(caller,
                                                                id,
                                                                picks,
                                                                channelOf(caller, request)),
                                     200,
                                     api::quoteJson);
                   });
    server.routeId(QStringLiteral("/holds/<arg>/voucher"),
                   QHttpServerRequest::Method::Put,
                   [&services](const QString &id, const Request &request) {
                       const auto caller = services.authenticator.authenticate(request);
                       const QString code = api::parseVoucherCode(
                           JsonBody::parseObject(request.body));
                       return toHttp(services.vouchers.enter(caller,
                                                             id,
                                                             code,
                                                             channelOf(caller, request)),
                                     200,
                                     api::quoteJson);
                   });
    server.routeId(QStringLiteral("/holds/<arg>/voucher"),
                   QHttpServerRequest::Method::Delete,
                   [&services](const QString &id, const Request &request) {
                       const auto caller = services.authenticator.authenticate(request);
                       return toHttp(services.vouchers.clear(caller, id, channelOf(caller, request)),
                                     200,
                                     api::quoteJson);
                   });
    server.routeId(QStringLiteral("/holds/<arg>/quote"),
                   QHttpServerRequest::Method::Get,
                   [&services](const QString &id, const Request &request) {
                       const auto caller = services.authenticator.authenticate(request);
                       return toHttp(services.pricing.quote(caller, id, channelOf(caller, request)),
                                     200,
                                     api::quoteJson);
                   });
}

} // namespace boxoffice::server::http
