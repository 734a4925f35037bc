#pragma once

#include "seatmaplistener.h"

#include <optional>

namespace boxoffice::server::db {

class Tx;

/// What a seat-map subscriber needs to catch up: the missing deltas, or a fresh snapshot.
struct SeatmapCatchUp
{
    bool snapshot = false;
    qint64 version = 0;               // the version the subscriber is at afterwards
    std::vector<SeatmapDelta> deltas; // when !snapshot, versions since+1..version
    QByteArray snapshotJson;          // when snapshot: {"seats":[{"id","status"}],"ga":[...]}
};

/// Reads of the seat-map log for subscribers (run in a repeatable-read transaction so that the
/// version and the statuses belong together).
struct SeatmapRepository
{
    /// std::nullopt for an unknown event. `since` < 0 asks for a snapshot.
    static std::optional<SeatmapCatchUp> catchUp(Tx &tx, const QString &eventId, qint64 since);
    /// The event's last published seat-map version; std::nullopt for an unknown event.
    static std::optional<qint64> version(Tx &tx, const QString &eventId);
};

} // namespace boxoffice::server::db
