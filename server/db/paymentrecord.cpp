// SPDX-License-Identifier: GPL-3.0-or-later
#include "paymentrecord.h"

#include <QJsonArray>

namespace boxoffice::server::db {

QJsonObject paymentRecord(const PaymentTender &payment)
{
    QJsonObject out{{QStringLiteral("method"), payment.method}};
    if (payment.method == u"cash")
        out.insert(u"tendered_cents", payment.tenderedCents);
    else if (payment.method == u"comp")
        out.insert(u"reason", payment.reference);
    else if (payment.method == u"card_present")
        out.insert(u"reference", payment.reference);
    QJsonArray list;
    for (const PaymentTender::Part &part : payment.parts) {
        QJsonObject p{{QStringLiteral("method"), part.method},
                      {QStringLiteral("amount_cents"), part.amountCents}};
        if (part.method == u"cash")
            p.insert(u"tendered_cents", part.tenderedCents);
        else
            p.insert(u"reference", part.reference);
        list.append(p);
    }
    if (payment.method == u"split")
        out.insert(u"parts", list);
    return out;
}

} // namespace boxoffice::server::db
