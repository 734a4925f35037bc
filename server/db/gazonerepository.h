// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <optional>

namespace boxoffice::server::db {

class Tx;

/// A GA zone's counters, read under its row lock.
struct GaZoneRow
{
    int capacity = 0;
    int held = 0;
    int sold = 0;
};

/// General-admission zones: their counters of held and sold places, and the places a hold has.
/// The counters change only under the zone's row lock (lockGaZone first).
class GaZoneRepository
{
public:
    /// Locks a GA zone row (every GA change on a zone goes through this lock first).
    static std::optional<GaZoneRow> lockGaZone(Tx &tx, const QString &eventId, const QString &gaId);
    /// Marks the zone's expired active holds expired and returns their places to the counter.
    static int reclaimExpiredGa(Tx &tx, const QString &eventId, const QString &gaId);
    /// held += quantity when held + sold + quantity <= capacity; false otherwise.
    static bool takeGa(Tx &tx, const QString &eventId, const QString &gaId, int quantity);
    /// held -= quantity (a hold of the zone ended).
    static void returnGa(Tx &tx, const QString &eventId, const QString &gaId, int quantity);
    /// Records that hold `holdId` has `quantity` places of the zone.
    static void insertHoldGa(
        Tx &tx, const QString &holdId, const QString &eventId, const QString &gaId, int quantity);
};

} // namespace boxoffice::server::db
