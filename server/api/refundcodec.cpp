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

} // namespace boxoffice::server::api
