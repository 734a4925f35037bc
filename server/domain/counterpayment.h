// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>

namespace boxoffice::server::domain {

/// How a counter sale (or an exchange's difference) is paid: cash, card terminal, comp, or a
/// split of cash and card-terminal parts that add up to the amount due. Read from a request by
/// api::parseCounterPayment.
struct CounterPayment
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

    /// Checks the payment covers `amountCents` (split parts add up exactly, cash tendered is
    /// enough); throws Error(InsufficientPayment / PaymentMismatch). Returns the change.
    qint64 settle(qint64 amountCents) const;
    /// The money per method as the shift records it (split: each part).
    QList<std::pair<QString, qint64>> byMethod(qint64 amountCents) const;
    bool takesCash() const;
};

} // namespace boxoffice::server::domain
