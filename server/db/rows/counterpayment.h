// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A counter payment's tender as the store keeps it (db/paymentrecord writes its JSON;
// domain::CounterPayment adds the rules that settle it).

#include <QList>
#include <QString>

namespace boxoffice::server::db {

/// How a counter sale (or an exchange's difference) was paid: cash, card terminal, comp, or a
/// split of cash and card-terminal parts.
struct PaymentTender
{
    /// One part of a split tender.
    struct Part
    {
        QString method; ///< cash|card_present
        qint64 amountCents = 0;
        qint64 tenderedCents = 0; ///< cash: what the customer handed over for this part
        QString reference;        ///< card_present: the terminal's reference
    };

    QString method; ///< cash|card_present|comp|split
    qint64 tenderedCents = 0;
    QString reference; ///< card terminal reference, or the comp reason
    QList<Part> parts; ///< split only
};

} // namespace boxoffice::server::db
