// SPDX-License-Identifier: GPL-3.0-or-later
#include "gazonerepository.h"

#include "statement.h"

namespace boxoffice::server::db {

namespace {

const Statement kLockZone{"ga_lock_zone",
                          "SELECT capacity, held, sold FROM ga_zones"
                          " WHERE event_id = $1::uuid AND ga_id = $2 FOR UPDATE"};
const Statement kReclaimGa{
    "ga_reclaim",
    "WITH expired AS (UPDATE holds h SET status = 'expired', ended_at = now() FROM hold_ga g"
    "   WHERE g.hold_id = h.id AND g.event_id = $1::uuid AND g.ga_id = $2"
    "   AND h.status = 'active' AND h.expires_at < now() RETURNING g.quantity)"
    " UPDATE ga_zones SET held = held - (SELECT coalesce(sum(quantity), 0) FROM expired)"
    " WHERE event_id = $1::uuid AND ga_id = $2 RETURNING (SELECT coalesce(sum(quantity), 0) FROM "
    "expired)"};
const Statement
    kTakeGa{"ga_take",
            "UPDATE ga_zones SET held = held + $3 WHERE event_id = $1::uuid AND ga_id = $2"
            " AND held + sold + $3 <= capacity RETURNING held"};
const Statement
    kReturnGa{"ga_return",
              "UPDATE ga_zones SET held = held - $3 WHERE event_id = $1::uuid AND ga_id = $2"};
const Statement kInsertHoldGa{"ga_insert_hold",
                              "INSERT INTO hold_ga (hold_id, event_id, ga_id, quantity)"
                              " VALUES ($1::uuid, $2::uuid, $3, $4)"};

} // namespace

std::optional<GaZoneRow> GaZoneRepository::lockGaZone(Tx &tx,
                                                      const QString &eventId,
                                                      const QString &gaId)
{
    const auto result = exec(tx, kLockZone, str(eventId), str(gaId));
    if (result.empty())
        return std::nullopt;
    return GaZoneRow{result[0][0].as<int>(), result[0][1].as<int>(), result[0][2].as<int>()};
}

int GaZoneRepository::reclaimExpiredGa(Tx &tx, const QString &eventId, const QString &gaId)
{
    const auto result = exec(tx, kReclaimGa, str(eventId), str(gaId));
    return result.empty() ? 0 : result[0][0].as<int>();
}

bool GaZoneRepository::takeGa(Tx &tx, const QString &eventId, const QString &gaId, int quantity)
{
    return !exec(tx, kTakeGa, str(eventId), str(gaId), quantity).empty();
}

void GaZoneRepository::returnGa(Tx &tx, const QString &eventId, const QString &gaId, int quantity)
{
    exec(tx, kReturnGa, str(eventId), str(gaId), quantity);
}

void GaZoneRepository::insertHoldGa(
    Tx &tx, const QString &holdId, const QString &eventId, const QString &gaId, int quantity)
{
    exec(tx, kInsertHoldGa, str(holdId), str(eventId), str(gaId), quantity);
}

} // namespace boxoffice::server::db
