// SPDX-License-Identifier: GPL-3.0-or-later
#include "salesops.h"

#include "api/counterpaymentcodec.h"
#include "api/holdcodec.h"
#include "api/holdrequest.h"
#include "api/ordercodec.h"
#include "api/problem.h"
#include "api/queuecodec.h"
#include "api/resultanswer.h"
#include "api/saleops.h"
#include "wsframe.h"

namespace boxoffice::server::ws {

using api::Answer;
using api::SaleOps;
using domain::Principal;

namespace {

// POST /holds: the body is the params without the transport's members (the key and the
// admission token, REST's headers).
OpWork holdCreate(const SaleOps &sales,
                  const Principal &caller,
                  const QString &peer,
                  QJsonObject body)
{
    api::HoldCreate request{.caller = caller, .peer = peer};
    if (body.value(u"idempotency_key").isString())
        request.idempotencyKey = body.value(u"idempotency_key").toString();
    if (body.value(u"admission_token").isString())
        request.admissionToken = body.value(u"admission_token").toString().toUtf8();
    body.remove(QStringLiteral("idempotency_key"));
    body.remove(QStringLiteral("admission_token"));
    request.hold = api::parseHoldRequest(body);
    auto admitted = sales.admitHold(request);
    if (!admitted)
        throw admitted.error(); // answered at once, as REST's fast lane does
    return [&sales, admitted = std::move(admitted).value()] {
        return api::answerOf(sales.createHold(admitted), 201, api::holdJson);
    };
}

// GET and DELETE /holds/{id}.
OpWork holdGetOrRelease(const SaleOps &sales,
                        const Principal &caller,
                        const QJsonObject &params,
                        bool release)
{
    const QString holdId = requireId(params, QStringLiteral("hold_id"));
    return [&sales, caller, holdId, release] {
        if (!release)
            return api::answerOf(sales.findHold(caller, holdId), 200, api::holdJson);
        const auto released = sales.releaseHold(caller, holdId);
        return released ? Answer{204, {}} : api::problem(released.error());
    };
}

// POST /orders (a clerk's with `payment`) and GET /orders/{id}.
OpWork orderOp(const SaleOps &sales,
               const Principal &caller,
               const QString &peer,
               const QString &op,
               const QJsonObject &params)
{
    if (op == u"order.get") {
        const QString orderId = requireId(params, QStringLiteral("order_id"));
        return [&sales, caller, orderId] {
            return api::answerOf(sales.findOrder(caller, orderId), 200, api::orderJson);
        };
    }
    api::OrderCreate request{.caller = caller, .peer = peer};
    request.order.holdId = api::orderHoldId(params, {QStringLiteral("idempotency_key")});
    if (params.contains(u"idempotency_key"))
        request.order.idempotencyKey = requireString(params, QStringLiteral("idempotency_key"));
    if (params.contains(u"payment"))
        request.payment = api::parseCounterPayment(params.value(u"payment"));
    return [&sales, request] { return api::placedOrderAnswer(sales.placeOrder(request)); };
}

// POST /events/{id}/queue and GET /events/{id}/queue/{queue_id}.
OpWork queueOp(const SaleOps &sales,
               const Principal &caller,
               const QString &peer,
               const QString &op,
               const QJsonObject &params)
{
    const QString eventId = requireId(params, QStringLiteral("event_id"));
    const bool join = op == u"queue.join";
    const QString queueId = join ? QString() : requireId(params, QStringLiteral("queue_id"));
    return [&sales, caller, eventId, queueId, join, peer] {
        const auto place = join ? sales.joinQueue(caller, eventId, peer)
                                : sales.queueStatus(caller, eventId, queueId);
        return api::answerOf(place, 200, api::queuePlaceJson);
    };
}

} // namespace

std::optional<OpWork> salesOp(const SaleOps &sales,
                              const Principal &caller,
                              const QString &peer,
                              const QString &op,
                              const QJsonObject &params)
{
    if (op == u"hold.create")
        return holdCreate(sales, caller, peer, params);
    if (op == u"hold.get" || op == u"hold.release")
        return holdGetOrRelease(sales, caller, params, op == u"hold.release");
    if (op == u"order.create" || op == u"order.get")
        return orderOp(sales, caller, peer, op, params);
    if (op == u"queue.join" || op == u"queue.status")
        return queueOp(sales, caller, peer, op, params);
    return std::nullopt;
}

} // namespace boxoffice::server::ws
