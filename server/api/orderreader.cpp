// SPDX-License-Identifier: GPL-3.0-or-later
#include "orderreader.h"

#include <QJsonArray>

namespace boxoffice::server::api {

namespace {

std::optional<qint64> number(const QJsonObject &json, QStringView name)
{
    const QJsonValue value = json.value(name);
    return value.isDouble() ? std::optional<qint64>(value.toInteger()) : std::nullopt;
}

} // namespace

domain::Ticket ticketFromJson(const QJsonObject &json)
{
    domain::Ticket ticket;
    ticket.id = json.value(u"ticket_id").toString();
    ticket.eventId = json.value(u"event_id").toString();
    ticket.seatId = json.value(u"seat_id").toString();
    ticket.gaId = json.value(u"ga_id").toString();
    ticket.code = json.value(u"code").toString();
    ticket.status = json.value(u"status").toString();
    ticket.priceCents = number(json, u"price_cents");
    return ticket;
}

db::PriceLine priceLineFromJson(const QJsonObject &json)
{
    db::PriceLine line;
    line.kind = json.value(u"kind").toString();
    line.reference = json.value(u"place").toString();
    line.typeId = json.value(u"type").toString();
    line.typeName = json.value(u"type_name").toString();
    line.netCents = json.value(u"net_cents").toInteger();
    line.taxCents = json.value(u"tax_cents").toInteger();
    line.totalCents = json.value(u"total_cents").toInteger();
    line.discountCents = json.value(u"discount_cents").toInteger();
    return line;
}

domain::Order orderFromJson(const QJsonObject &json)
{
    domain::Order order;
    order.id = json.value(u"order_id").toString();
    order.holdId = json.value(u"hold_id").toString();
    order.eventId = json.value(u"event_id").toString();
    order.status = json.value(u"status").toString();
    order.amountCents = json.value(u"amount_cents").toInteger();
    order.refundedCents = json.value(u"refunded_cents").toInteger();
    order.currency = json.value(u"currency").toString();
    order.channel = json.value(u"channel").toString();
    order.createdAt = QDateTime::fromString(json.value(u"created_at").toString(), Qt::ISODateWithMs);
    order.changeCents = number(json, u"change_cents");
    const QJsonObject payment = json.value(u"payment").toObject();
    order.paymentMethod = payment.value(u"method").toString();
    order.paymentPageUrl = payment.value(u"page_url").toString();
    // Without an attempt every provider member is null; with one its provider is named.
    if (payment.value(u"provider").isString()) {
        domain::PaymentAttempt attempt;
        attempt.provider = payment.value(u"provider").toString();
        attempt.intentId = payment.value(u"intent_id").toString();
        attempt.clientSecret = payment.value(u"client_secret").toString();
        attempt.status = payment.value(u"status").toString();
        order.attempt = attempt;
    }
    for (const QJsonValue &ticket : json.value(u"tickets").toArray())
        order.tickets.append(ticketFromJson(ticket.toObject()));
    for (const QJsonValue &line : json.value(u"lines").toArray())
        order.lines.append(priceLineFromJson(line.toObject()));
    order.feeCents = json.value(u"fee_cents").toInteger();
    order.taxCents = json.value(u"tax_cents").toInteger();
    order.refundedTaxCents = json.value(u"refunded_tax_cents").toInteger();
    return order;
}

} // namespace boxoffice::server::api
