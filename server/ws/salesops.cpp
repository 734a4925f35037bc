// SPDX-License-Identifier: GPL-3.0-or-later
#include "salesops.h"

#include "api/countercodec.h"
#include "api/counterpaymentcodec.h"
#include "api/holdcodec.h"
#include "api/holdrequest.h"
#include "api/ordercodec.h"
#include "api/problem.h"
#include "api/queuecodec.h"
#include "api/resultanswer.h"
#include "domain/countersales.h"
#include "domain/holdgate.h"
#include "domain/holdservice.h"
#include "domain/orderservice.h"
#include "domain/queueservice.h"
#include "http/authenticator.h"
#include "http/services.h"
#include "wsframe.h"

namespace boxoffice::server::ws {

using api::Answer;
using domain::Principal;

namespace {

// POST /holds: the body is the params without the transport's members.
OpWork holdCreate(http::Services &services,
                  const Principal &caller,
                  const QString &peer,
                  QJsonObject body)
{
    std::optional<QString> key;
    if (body.value(u"idempotency_key").isString())
        key = body.value(u"idempotency_key").toString();
    http::Request request;
    if (body.value(u"admission_token").isString())
        request.headers.append(
            {"x-admission-token", body.value(u"admission_token").toString().toUtf8()});
    body.remove(QStringLiteral("idempotency_key"));
    body.remove(QStringLiteral("admission_token"));
    auto hold = api::parseHoldRequest(body);
    hold.admittedEventId = services.authenticator.admittedEvent(request, caller);
    return [&services, caller, hold, key, peer] {
        return api::answerOf(services.holdGate.create(caller, hold, key, peer), 201, api::holdJson);
    };
}

// GET and DELETE /holds/{id}.
OpWork holdGetOrRelease(http::Services &services,
                        const Principal &caller,
                        const QJsonObject &params,
                        bool release)
{
    const QString holdId = requireId(params, QStringLiteral("hold_id"));
    return [&services, caller, holdId, release] {
        if (!release)
            return api::answerOf(services.holds.find(caller, holdId), 200, api::holdJson);
        const auto released = services.holdGate.release(caller, holdId);
        return released ? Answer{204, {}} : api::problem(released.error());
    };
}

// POST /orders (a clerk's with `payment`) and GET /orders/{id}.
OpWork orderOp(http::Services &services,
               const Principal &caller,
               const QString &peer,
               const QString &op,
               const QJsonObject &params)
{
    if (op == u"order.get") {
        const QString orderId = requireId(params, QStringLiteral("order_id"));
        return [&services, caller, orderId] {
            return api::answerOf(services.orders.get(caller, orderId), 200, api::orderJson);
        };
    }
    const QString holdId = api::orderHoldId(params, {QStringLiteral("idempotency_key")});
    std::optional<QString> key;
    if (params.contains(u"idempotency_key"))
        key = requireString(params, QStringLiteral("idempotency_key"));
    if (params.contains(u"payment")) {
        const auto payment = api::parseCounterPayment(params.value(u"payment"));
        return [&services, caller, holdId, payment, key] {
            return api::placedOrderAnswer(
                services.counterSales.sell(caller, holdId, payment, key, api::counterSaleCodec()));
        };
    }
    return [&services, caller, holdId, key, peer] {
        // The same per-user and per-address limit as POST /orders (on the worker: Redis I/O).
        if (auto limited = services.holdGate.rateLimit(QByteArrayLiteral("order"), caller, peer))
            return api::problem(*limited);
        return api::placedOrderAnswer(
            services.orders.create(caller, {holdId, {}, key}, api::orderClaimCodec()));
    };
}

// POST /events/{id}/queue and GET /events/{id}/queue/{queue_id}.
OpWork queueOp(http::Services &services,
               const Principal &caller,
               const QString &peer,
               const QString &op,
               const QJsonObject &params)
{
    const QString eventId = requireId(params, QStringLiteral("event_id"));
    const bool join = op == u"queue.join";
    const QString queueId = join ? QString() : requireId(params, QStringLiteral("queue_id"));
    return [&services, caller, eventId, queueId, join, peer] {
        const auto place = join ? services.queue.join(caller, eventId, peer)
                                : services.queue.status(caller, eventId, queueId);
        return place ? Answer{200, api::queuePlaceJson(*place)} : api::problem(place.error());
    };
}

} // namespace

std::optional<OpWork> salesOp(http::Services &services,
                              const Principal &caller,
                              const QString &peer,
                              const QString &op,
                              const QJsonObject &params)
{
    if (op == u"hold.create")
        return holdCreate(services, caller, peer, params);
    if (op == u"hold.get" || op == u"hold.release")
        return holdGetOrRelease(services, caller, params, op == u"hold.release");
    if (op == u"order.create" || op == u"order.get")
        return orderOp(services, caller, peer, op, params);
    if (op == u"queue.join" || op == u"queue.status")
        return queueOp(services, caller, peer, op, params);
    return std::nullopt;
}

} // namespace boxoffice::server::ws
