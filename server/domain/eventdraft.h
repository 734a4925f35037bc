#pragma once

#include "db/rows/eventdraft.h"

#include <QDateTime>
#include <QHash>
#include <QStringList>

namespace boxoffice::server::domain {

using db::EventDraft;

} // namespace boxoffice::server::domain
