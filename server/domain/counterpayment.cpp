// SPDX-License-Identifier: GPL-3.0-or-later
#include "counterpayment.h"

#include "error.h"

namespace boxoffice::server::domain {

qint64 CounterPayment::settle(qint64 amountCents) const
{
    if (method == u"cash") {
        if (tenderedCents < amountCents)
            throw Error(ErrorCode::InsufficientPayment,
                        QStringLiteral("tendered %1 cents, the amount due is %2 cents")
                            .arg(tenderedCents)
                            .arg(amountCents),
                        ErrorDetails{.amountCents = amountCents, .tenderedCents = tenderedCents});
        return tenderedCents - amountCents;
    }
    if (method != u"split")
        return 0;
    qint64 sum = 0, change = 0;
    for (const Part &part : parts) {
        sum += part.amountCents;
        if (part.method == u"cash") {
            if (part.tenderedCents < part.amountCents)
                throw Error(ErrorCode::InsufficientPayment,
                            QStringLiteral("the cash part is %1 cents, %2 tendered")
                                .arg(part.amountCents)
                                .arg(part.tenderedCents));
            change = part.tenderedCents - part.amountCents;
        }
    }
    if (sum != amountCents)
        throw Error(ErrorCode::PaymentMismatch,
                    QStringLiteral("the parts add up to %1 cents, the amount due is %2 cents")
                        .arg(sum)
                        .arg(amountCents),
                    ErrorDetails{.amountCents = amountCents, .partsCents = sum});
    return change;
}

void CounterPayment::checkGivenBack(qint64 amountCents) const
{
    if (method != u"split")
        return;
    qint64 sum = 0;
    for (const Part &part : parts)
        sum += part.amountCents;
    if (sum != amountCents)
        throw Error(ErrorCode::PaymentMismatch,
                    QStringLiteral("the parts add up to %1 cents, %2 cents are given back")
                        .arg(sum)
                        .arg(amountCents),
                    ErrorDetails{.amountCents = amountCents, .partsCents = sum});
}

QList<std::pair<QString, qint64>> CounterPayment::byMethod(qint64 amountCents) const
{
    if (method != u"split") // comp too: the report lists it apart and leaves it out of the sums
        return {{method, amountCents}};
    QList<std::pair<QString, qint64>> out;
    for (const Part &part : parts)
        out.append({part.method, part.amountCents});
    return out;
}

bool CounterPayment::takesCash() const
{
    if (method == u"cash")
        return true;
    for (const Part &part : parts) {
        if (part.method == u"cash")
            return true;
    }
    return false;
}

} // namespace boxoffice::server::domain
