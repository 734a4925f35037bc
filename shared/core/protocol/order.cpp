// SPDX-License-Identifier: GPL-3.0-or-later
#include "order.h"

#include "wirereader.h"

namespace boxoffice::protocol {

namespace {

constexpr qint64 kMin = -WireReader::kMaxCents;

QJsonValue orNull(const QString &text)
{
    return text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(text);
}

Payment readPayment(WireReader &in)
{
    Payment payment;
    payment.provider = in.nullableText("provider").value_or(QString());
    payment.intentId = in.nullableText("intent_id").value_or(QString());
    payment.clientSecret = in.nullableText("client_secret").value_or(QString());
    payment.status = in.nullableText("status").value_or(QString());
    payment.method = in.text("method");
    payment.pageUrl = in.optionalText("page_url");
    return payment;
}

PriceLine readPriceLine(WireReader &in)
{
    PriceLine line;
    line.kind = in.text("kind");
    line.reference = in.optionalText("place");
    line.typeId = in.optionalText("type");
    line.typeName = in.optionalText("type_name");
    line.netCents = in.integer("net_cents", kMin);
    line.taxCents = in.integer("tax_cents", kMin);
    line.totalCents = in.integer("total_cents", kMin);
    line.discountCents = in.optionalInteger("discount_cents").value_or(0);
    return line;
}

} // namespace

QJsonObject Payment::toJson() const
{
    // Without an attempt every provider member is null; with one its provider is named.
    QJsonObject out{{QStringLiteral("provider"), orNull(provider)},
                    {QStringLiteral("intent_id"), orNull(intentId)},
                    {QStringLiteral("client_secret"), orNull(clientSecret)},
                    {QStringLiteral("status"), orNull(status)},
                    {QStringLiteral("method"), method}};
    if (!pageUrl.isEmpty())
        out.insert(u"page_url", pageUrl);
    return out;
}

QJsonObject PriceLine::toJson() const
{
    QJsonObject out{{QStringLiteral("kind"), kind},
                    {QStringLiteral("net_cents"), netCents},
                    {QStringLiteral("tax_cents"), taxCents},
                    {QStringLiteral("total_cents"), totalCents}};
    if (!reference.isEmpty())
        out.insert(u"place", reference);
    if (!typeId.isEmpty()) {
        out.insert(u"type", typeId);
        out.insert(u"type_name", typeName);
    }
    if (discountCents > 0)
        out.insert(u"discount_cents", discountCents);
    return out;
}

QJsonArray priceLinesJson(const QList<PriceLine> &lines)
{
    QJsonArray out;
    for (const PriceLine &line : lines)
        out.append(line.toJson());
    return out;
}

QJsonObject Order::toJson() const
{
    QJsonArray ticketArray;
    for (const Ticket &ticket : tickets)
        ticketArray.append(ticket.toJson());
    QJsonObject out{{QStringLiteral("order_id"), id},
                    {QStringLiteral("hold_id"), holdId},
                    {QStringLiteral("event_id"), eventId},
                    {QStringLiteral("status"), status},
                    {QStringLiteral("amount_cents"), amountCents},
                    {QStringLiteral("refunded_cents"), refundedCents},
                    {QStringLiteral("currency"), currency},
                    {QStringLiteral("payment"), payment.toJson()},
                    {QStringLiteral("tickets"), ticketArray},
                    {QStringLiteral("channel"), channel},
                    {QStringLiteral("created_at"), wireTime(createdAt)}};
    if (changeCents)
        out.insert(u"change_cents", *changeCents);
    // What it was sold for, line by line (docs/pricing.md); orders from before have none.
    if (!lines.isEmpty()) {
        out.insert(u"lines", priceLinesJson(lines));
        out.insert(u"fee_cents", feeCents);
        out.insert(u"tax_cents", taxCents);
        out.insert(u"refunded_tax_cents", refundedTaxCents);
    }
    return out;
}

Parsed<Order> Order::fromJson(const QJsonObject &json)
{
    return WireReader::parse<Order>(json, [](WireReader &in) {
        Order order;
        order.id = in.text("order_id");
        order.holdId = in.text("hold_id");
        order.eventId = in.text("event_id");
        order.status = in.text("status");
        order.amountCents = in.integer("amount_cents");
        order.refundedCents = in.integer("refunded_cents");
        order.currency = in.text("currency");
        order.payment = in.object("payment", readPayment);
        order.tickets = in.list("tickets", readTicket);
        order.channel = in.text("channel");
        order.createdAt = in.time("created_at");
        order.changeCents = in.optionalInteger("change_cents");
        if (in.has("lines")) {
            order.lines = in.list("lines", readPriceLine);
            order.feeCents = in.integer("fee_cents", kMin);
            order.taxCents = in.integer("tax_cents", kMin);
            order.refundedTaxCents = in.integer("refunded_tax_cents", kMin);
        }
        return order;
    });
}

} // namespace boxoffice::protocol
