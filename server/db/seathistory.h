#pragma once

#include <QJsonArray>
#include <QString>

#include <optional>

namespace boxoffice::server::db {

class Tx;

/// The recorded history of one seat of an event (written by the outbox relay).
struct SeatHistoryRepository
{
    /// Entries oldest first, or std::nullopt when the event has no such seat.
    static std::optional<QJsonArray> history(Tx &tx, const QString &eventId, const QString &seatId);
};

} // namespace boxoffice::server::db
