// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/eventdraft.h"

#include <QDateTime>
#include <QHash>
#include <QStringList>

namespace boxoffice::server::domain {

using db::EventDraft;

} // namespace boxoffice::server::domain
