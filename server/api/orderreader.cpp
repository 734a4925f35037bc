// SPDX-License-Identifier: GPL-3.0-or-later
#include "orderreader.h"

#include "wireanswer.h"

namespace boxoffice::server::api {

domain::Ticket ticketFromJson(const QJsonObject &json)
{
    return readStoredWire(protocol::Ticket::fromJson(json));
}

domain::Order orderFromWire(const protocol::Order &wire)
{
    domain::Order order;
    order.id = wire.id;
    order.holdId = wire.holdId;
    order.eventId = wire.eventId;
    order.status = wire.status;
    order.amountCents = wire.amountCents;
    order.refundedCents = wire.refundedCents;
    order.currency = wire.currency;
    order.channel = wire.channel;
    order.createdAt = wire.createdAt;
    order.changeCents = wire.changeCents;
    order.paymentMethod = wire.payment.method;
    order.paymentPageUrl = wire.payment.pageUrl;
    // Without an attempt every provider member is null; with one its provider is named.
    if (!wire.payment.provider.isEmpty()) {
        domain::PaymentAttempt attempt;
        attempt.provider = wire.payment.provider;
        attempt.intentId = wire.payment.intentId;
        attempt.clientSecret = wire.payment.clientSecret;
        attempt.status = wire.payment.status;
        order.attempt = attempt;
    }
    order.tickets = wire.tickets;
    order.lines = wire.lines;
    order.feeCents = wire.feeCents;
    order.taxCents = wire.taxCents;
    order.refundedTaxCents = wire.refundedTaxCents;
    return order;
}

domain::Order orderFromJson(const QJsonObject &json)
{
    return orderFromWire(readStoredWire(protocol::Order::fromJson(json)));
}

} // namespace boxoffice::server::api
