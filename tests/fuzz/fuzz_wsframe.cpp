// SPDX-License-Identifier: GPL-3.0-or-later
// WebSocket ops (server/ws/): the frame parser ClientSession uses, then for each op the same
// validators the session calls on its params (hold.create: parseHoldRequest without the
// transport's idempotency_key/admission_token; order.create: its fields and
// api::parseCounterPayment; subscribe: topic, event_id, since). Every refusal must be a 400 problem; any
// other exception, crash or sanitizer report is a finding.
#include "fuzzcheck.h"

#include "api/counterpaymentcodec.h"
#include "domain/error.h"
#include "domain/hold.h"
#include "ws/wsframe.h"

using namespace boxoffice::server;

namespace {

void checkOp(const ws::WsFrame &frame)
{
    const QString &op = frame.op;
    const QJsonObject &params = frame.params;
    if (op == u"auth") {
        ws::requireString(params, QStringLiteral("token"));
    } else if (op == u"subscribe") {
        if (params.value(u"topic").toString() != u"seatmap")
            throw ws::badRequest(QStringLiteral("topic must be \"seatmap\""));
        ws::requireString(params, QStringLiteral("event_id"));
        FUZZ_CHECK(ws::subscriptionSince(params) >= -1, "since is a version or absent");
    } else if (op == u"unsubscribe") {
        ws::requireString(params, QStringLiteral("event_id"));
    } else if (op == u"hold.create") {
        QJsonObject body = params;
        body.remove(QStringLiteral("idempotency_key"));
        body.remove(QStringLiteral("admission_token"));
        const auto hold = domain::parseHoldRequest(body);
        FUZZ_CHECK(!hold.eventId.isEmpty(), "a hold names its event");
        FUZZ_CHECK(!hold.seats.isEmpty() || (hold.quantity >= 1 && hold.quantity <= 50),
                   "seats, or a quantity of 1 to 50");
    } else if (op == u"hold.get" || op == u"hold.release") {
        ws::requireString(params, QStringLiteral("hold_id"));
    } else if (op == u"order.get") {
        ws::requireString(params, QStringLiteral("order_id"));
    } else if (op == u"order.create") {
        static const QStringList known{QStringLiteral("hold_id"),
                                       QStringLiteral("payment"),
                                       QStringLiteral("idempotency_key")};
        for (auto it = params.begin(); it != params.end(); ++it) {
            if (!known.contains(it.key()))
                throw ws::badRequest(QStringLiteral("unknown field `%1`").arg(it.key()));
        }
        ws::requireString(params, QStringLiteral("hold_id"));
        if (params.contains(u"idempotency_key"))
            ws::requireString(params, QStringLiteral("idempotency_key"));
        if (params.contains(u"payment")) {
            const auto payment = api::parseCounterPayment(params.value(u"payment"));
            FUZZ_CHECK(payment.tenderedCents >= 0, "tendered cents are not negative");
        }
    } else if (op == u"queue.join" || op == u"queue.status") {
        ws::requireString(params, QStringLiteral("event_id"));
        if (op == u"queue.status")
            ws::requireString(params, QStringLiteral("queue_id"));
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    const QString text = QString::fromUtf8(boxoffice::fuzz::bytes(data, size));
    const ws::WsFrame frame = ws::WsFrame::parse(text);
    if (frame.status != ws::WsFrame::Status::Ok)
        return 0;
    FUZZ_CHECK(frame.id.isDouble() || frame.id.isString(), "a request has an id");
    FUZZ_CHECK(!frame.params.contains(u"id") && !frame.params.contains(u"op"),
               "params never carry the envelope");
    try {
        checkOp(frame);
    } catch (const domain::Error &error) {
        FUZZ_CHECK(error.code() == domain::ErrorCode::BadRequest, "bad params are a 400");
    }
    return 0;
}
