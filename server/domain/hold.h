// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/hold.h"

#include <QDateTime>
#include <QStringList>

#include <optional>

namespace boxoffice::server::domain {

using db::EventRules;
using db::Hold;
using db::HoldRequest;
using db::UserUsage;

} // namespace boxoffice::server::domain
