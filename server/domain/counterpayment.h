// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/counterpayment.h"

#include <QList>
#include <QString>

#include <utility>

namespace boxoffice::server::domain {

/// How a counter sale (or an exchange's difference) is paid: the tender (cash, card terminal,
/// comp, or a split of cash and card-terminal parts that add up to the amount due) and the
/// rules that settle it. Read from a request by api::parseCounterPayment.
struct CounterPayment : db::PaymentTender
{
    /// Checks the payment covers `amountCents` (split parts add up exactly, cash tendered is
    /// enough); throws Error(InsufficientPayment / PaymentMismatch). Returns the change.
    qint64 settle(qint64 amountCents) const;
    /// Money given back (an exchange to a cheaper place): a split's parts add up to
    /// `amountCents` exactly, or Error(PaymentMismatch); a part's tendered cash means nothing.
    void checkGivenBack(qint64 amountCents) const;
    /// The money per method as the shift records it (split: each part).
    QList<std::pair<QString, qint64>> byMethod(qint64 amountCents) const;
    bool takesCash() const;
};

} // namespace boxoffice::server::domain
