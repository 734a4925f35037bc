#pragma once

#include <QDateTime>
#include <QString>

#include <optional>

namespace boxoffice::server::db {

class Database;

/// An event's waiting-room settings.
struct QueueSettings
{
    bool enabled = false;
    int admitPerMinute = 100;
    int maxActive = 1000;
    QDateTime onSaleAt;
};

/// Reads queue settings (the queue service caches them, so joins and polls touch only Redis).
class QueueRepository
{
public:
    /// nullopt for an unknown event (or a malformed id).
    static std::optional<QueueSettings> settings(Database &database, const QString &eventId);
};

} // namespace boxoffice::server::db
