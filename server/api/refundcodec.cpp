// SPDX-License-Identifier: GPL-3.0-or-later
#include "refundcodec.h"

#include "ordercodec.h"
#include "orderreader.h"
#include "storedanswer.h"

#include <QJsonArray>

namespace boxoffice::server::api {

QJsonObject refundJson(const domain::Refund &refund)
{
    QJsonObject body = orderJson(refund.order);
    body.insert(u"refund",
                QJsonObject{{QStringLiteral("amount_cents"), refund.amountCents},
                            {QStringLiteral("ticket_ids"),
                             QJsonArray::fromStringList(refund.ticketIds)}});
    return body;
}

domain::AnswerCodec<domain::Refund> refundCodec()
{
    return jsonAnswerCodec<domain::Refund>(200, refundJson, [](const QJsonObject &body) {
        const QJsonObject refund = body.value(u"refund").toObject();
        QStringList ticketIds;
        for (const QJsonValue &id : refund.value(u"ticket_ids").toArray())
            ticketIds.append(id.toString());
        return domain::Refund{orderFromJson(body),
                              refund.value(u"amount_cents").toInteger(),
                              ticketIds};
    });
}

QJsonObject exchangeJson(const domain::Exchange &exchange)
{
    QJsonObject body = orderJson(exchange.order);
    body.insert(u"exchange",
                QJsonObject{{QStringLiteral("old_ticket_id"), exchange.oldTicketId},
                            {QStringLiteral("from_seat"), exchange.fromSeat},
                            {QStringLiteral("from_ga"), exchange.fromGa},
                            {QStringLiteral("ticket"), ticketJson(exchange.ticket)},
                            {QStringLiteral("difference_cents"), exchange.differenceCents},
                            {QStringLiteral("change_cents"), exchange.changeCents}});
    return body;
}

domain::AnswerCodec<domain::Exchange> exchangeCodec()
{
    return jsonAnswerCodec<domain::Exchange>(200, exchangeJson, [](const QJsonObject &body) {
        const QJsonObject exchange = body.value(u"exchange").toObject();
        return domain::Exchange{.order = orderFromJson(body),
                                .oldTicketId = exchange.value(u"old_ticket_id").toString(),
                                .fromSeat = exchange.value(u"from_seat").toString(),
                                .fromGa = exchange.value(u"from_ga").toString(),
                                .ticket = ticketFromJson(exchange.value(u"ticket").toObject()),
                                .differenceCents = exchange.value(u"difference_cents").toInteger(),
                                .changeCents = exchange.value(u"change_cents").toInteger()};
    });
}

} // namespace boxoffice::server::api
