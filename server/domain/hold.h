// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/hold.h"

#include <QDateTime>
#include <QJsonObject>
#include <QStringList>

#include <optional>

namespace boxoffice::server::domain {

using db::EventRules;
using db::Hold;
using db::HoldRequest;
using db::UserUsage;

/// Parses and validates a POST /holds body (one of the three forms, no unknown fields);
/// throws Error(BadRequest).
HoldRequest parseHoldRequest(const QJsonObject &body);

} // namespace boxoffice::server::domain
