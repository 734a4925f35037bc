// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/queuesettings.h"

#include <QString>

#include <optional>

namespace boxoffice::server::db {

class Database;

/// Reads queue settings (the queue service caches them, so joins and polls touch only Redis).
class QueueRepository
{
public:
    /// nullopt for an unknown event (or a malformed id).
    static std::optional<QueueSettings> settings(Database &database, const QString &eventId);
};

} // namespace boxoffice::server::db
