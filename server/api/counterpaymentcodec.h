// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/counterpayment.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QStringList>

namespace boxoffice::server::api {

/// The `payment` member of a counter sale or an exchange (cash, card_present, comp, split);
/// throws Error(BadRequest).
domain::CounterPayment parseCounterPayment(const QJsonValue &payment);
/// A non-negative whole number of cents in `body[name]`; throws Error(BadRequest).
qint64 readCents(const QJsonObject &body, const char *name);
/// Throws Error(BadRequest) for a member of `body` not in `known`.
void onlyFields(const QJsonObject &body, const QStringList &known);

} // namespace boxoffice::server::api
