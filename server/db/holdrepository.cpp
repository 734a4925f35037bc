// SPDX-License-Identifier: GPL-3.0-or-later
#include "holdrepository.h"

#include "salerefusal.h"

#include "core/unavailable.h"
#include "statement.h"

#include <QJsonArray>

namespace boxoffice::server::db {

namespace {

// A seat is free when nobody holds it or its hold has expired (logical expiry: no sweeper needed).
#define FREE_SEAT "(status = 'available' OR (status = 'held' AND expires_at < now()))"
// The time left until `at` by the database's clock, in milliseconds (for the Redis leases).
#define MS_LEFT(at) "(extract(epoch FROM " at " - clock_timestamp()) * 1000)::bigint"

const Statement kLockUser{"hold_lock_user",
                          "SELECT pg_advisory_xact_lock(hashtextextended($1 || '/' || $2, 7)),"
                          " hold_seconds, max_seats_per_user, max_holds_per_user, queue_enabled,"
                          " on_sale_at <= now() FROM events WHERE id = $1::uuid"};
// What the user has on the event now: seats of live holds (explicit seats or GA places) plus
// valid tickets bought, and live holds. Evaluated in the statement that inserts the hold, after
// the per-user lock, so two requests of one user never both pass the limits.
#define USAGE_CTE \
    "usage AS (SELECT (SELECT coalesce(sum(cardinality(seats) + ga_quantity), 0) FROM holds" \
    "   WHERE event_id = $1::uuid AND owner = $2 AND status = 'active' AND expires_at >= now())" \
    " + (SELECT count(*) FROM tickets t JOIN orders o ON o.id = t.order_id" \
    "   WHERE t.event_id = $1::uuid AND o.owner = $2 AND t.status = 'valid') AS seats," \
    " (SELECT count(*) FROM holds WHERE event_id = $1::uuid AND owner = $2 AND status = 'active'" \
    "   AND expires_at >= now()) AS holds)"
const Statement kUsage{"hold_usage", "WITH " USAGE_CTE " SELECT seats, holds FROM usage"};
const Statement kInsertHold{
    "hold_insert",
    "WITH " USAGE_CTE ","
    " h AS (INSERT INTO holds (event_id, owner, seats, ga_id, ga_quantity, expires_at)"
    "   SELECT $1::uuid, $2, $3::text[], NULLIF($4, ''), $5, now() + make_interval(secs => $6)"
    "   FROM usage WHERE usage.holds + 1 <= $7 AND usage.seats + $9 <= $8 RETURNING id, expires_at)"
    " SELECT (SELECT id FROM h), (SELECT expires_at FROM h), '{}'::text[], usage.seats, "
    "usage.holds,"
    " (SELECT " MS_LEFT("expires_at") " FROM h) FROM usage"};
const Statement kTakeSeats{
    "hold_take_seats",
    "WITH target AS (SELECT seat_id FROM inventory WHERE event_id = $1::uuid"
    "   AND seat_id = ANY($2::text[]) ORDER BY seat_id FOR UPDATE)"
    " UPDATE inventory i SET status = 'held', hold_id = $3::uuid, owner = $4,"
    "   expires_at = (SELECT expires_at FROM holds WHERE id = $3::uuid), version = i.version + 1"
    " FROM target t WHERE i.event_id = $1::uuid AND i.seat_id = t.seat_id"
    "   AND (i.status = 'available' OR (i.status = 'held' AND i.expires_at < now()))"
    " RETURNING i.seat_id"};
// The whole explicit-seat hold in one statement (migration 0040): one round trip.
const Statement kHoldSeats{
    "hold_seats",
    "SELECT o_outcome, o_hold_id, o_expires_at, o_found, o_free,"
    " o_used_seats, o_used_holds, o_max_seats, o_max_holds, " MS_LEFT(
        "o_expires_at") " FROM hold_seats($1, $2, $3::text[], $4, NULLIF($5, '')::uuid)"};
// Several of them in one statement (migration 0057; domain::HoldGroupCommit).
const Statement kHoldSeatsBatch{
    "hold_seats_batch",
    "SELECT o_index, o_outcome, o_hold_id, o_expires_at, o_found,"
    " o_free, o_used_seats, o_used_holds, o_max_seats, o_max_holds, " MS_LEFT(
        "o_expires_at") " FROM hold_seats_batch($1, $2::text[], $3::int[], $4::text[],"
                        " $5::boolean[], $6::uuid[])"};
const Statement kSectionSeats{
    "hold_section_seats",
    "SELECT seat_id, row_index, seat_index, rank, " FREE_SEAT
    " FROM inventory WHERE event_id = $1::uuid AND section = $2 ORDER BY row_index, seat_index"};
const Statement kSectionExists{"hold_section_exists",
                               "SELECT 1 FROM inventory WHERE event_id = $1::uuid AND section = $2"
                               " LIMIT 1"};
const Statement kLockFree{"hold_lock_free",
                          "SELECT seat_id FROM inventory WHERE event_id = $1::uuid"
                          " AND seat_id = ANY($2::text[]) AND " FREE_SEAT
                          " ORDER BY seat_id FOR UPDATE SKIP LOCKED"};
const Statement kFindHold{"hold_find",
                          "SELECT id, event_id, owner, seats, coalesce(ga_id, ''), ga_quantity,"
                          " expires_at, status, status = 'active' AND expires_at < now(), " MS_LEFT(
                              "expires_at") ", coalesce(allocation, '') FROM holds"
                                            " WHERE id = $1::uuid"};
const Statement
    kFindHoldLocked{"hold_find_locked",
                    "SELECT id, event_id, owner, seats, coalesce(ga_id, ''), ga_quantity,"
                    " expires_at, status, status = 'active' AND expires_at < now(), " MS_LEFT(
                        "expires_at") ", coalesce(allocation, '') FROM holds"
                                      " WHERE id = $1::uuid FOR UPDATE"};
const Statement kIsExpired{"hold_is_expired",
                           "SELECT expires_at < now() FROM holds WHERE id = $1::uuid"};
const Statement kReleaseSeats{
    "hold_release_seats",
    "UPDATE inventory SET status = 'available', hold_id = NULL, owner = NULL, expires_at = NULL,"
    " version = version + 1 WHERE event_id = $1::uuid"
    " AND seat_id = ANY((SELECT seats FROM holds WHERE id = $2::uuid)::text[])"
    " AND hold_id = $2::uuid AND status = 'held' RETURNING seat_id"};
const Statement
    kSetStatus{"hold_set_status",
               "UPDATE holds SET status = $2, ended_at = CASE WHEN $2 = 'active' THEN NULL"
               " ELSE now() END WHERE id = $1::uuid"};
const Statement kSetSeats{"hold_set_seats",
                          "UPDATE holds SET seats = $2::text[] WHERE id = $1::uuid"};
const Statement kSweepSeats{
    "sweep_seat_holds",
    "WITH expired AS (SELECT id FROM holds WHERE status = 'active' AND ga_id IS NULL"
    "   AND allocation IS NULL AND expires_at < now() ORDER BY expires_at LIMIT $1 FOR UPDATE SKIP "
    "LOCKED),"
    " ended AS (UPDATE holds h SET status = 'expired', ended_at = now() FROM expired e"
    "   WHERE h.id = e.id RETURNING h.id, h.event_id, h.seats),"
    " freed AS (UPDATE inventory i SET status = 'available', hold_id = NULL, owner = NULL,"
    "   expires_at = NULL, version = i.version + 1 FROM ended"
    "   WHERE i.event_id = ended.event_id AND i.seat_id = ANY(ended.seats)"
    "   AND i.hold_id = ended.id AND i.status = 'held' RETURNING i.event_id, i.seat_id),"
    " logged AS (INSERT INTO outbox (event_id, kind, payload)"
    "   SELECT event_id, 'seats.released', jsonb_build_object('reason', 'expired',"
    "     'seats', jsonb_agg(seat_id ORDER BY seat_id)) FROM freed GROUP BY event_id RETURNING 1)"
    " SELECT (SELECT count(*) FROM ended), (SELECT count(*) FROM logged)"};
const Statement
    kExpiredZones{"sweep_expired_zones",
                  "SELECT DISTINCT event_id::text, ga_id FROM holds WHERE status = 'active'"
                  " AND ga_id IS NOT NULL AND expires_at < now() LIMIT $1"};
const Statement kSweeperLock{"sweep_lock", "SELECT pg_try_advisory_xact_lock(7305098, 1)"};

Hold holdFromRow(const pqxx::row &row)
{
    Hold hold;
    hold.id = qstr(row[0]);
    hold.eventId = qstr(row[1]);
    hold.owner = qstr(row[2]);
    hold.seats = parseTextArray(row[3]);
    hold.gaId = qstr(row[4]);
    hold.gaQuantity = row[5].as<int>();
    hold.expiresAt = QDateTime::fromString(qstr(row[6]), Qt::ISODateWithMs);
    hold.status = qstr(row[7]);
    hold.storedStatus = hold.status;
    if (row[8].as<bool>())
        hold.status = QStringLiteral("expired");
    hold.remainingMs = row[9].as<qint64>();
    hold.allocation = qstr(row[10]);
    return hold;
}

HoldAttempt attemptFromRow(const pqxx::row &row,
                           const QString &eventId,
                           const QString &owner,
                           const HoldRequest &request)
{
    HoldAttempt attempt;
    attempt.usage = UserUsage{row[3].as<int>(), row[4].as<int>()};
    if (row[0].is_null())
        return attempt; // over a limit: nothing inserted
    Hold hold;
    hold.id = qstr(row[0]);
    hold.eventId = eventId;
    hold.owner = owner;
    hold.seats = request.seats;
    hold.gaId = request.ga;
    hold.gaQuantity = request.ga.isEmpty() ? 0 : request.quantity;
    hold.expiresAt = QDateTime::fromString(qstr(row[1]), Qt::ISODateWithMs);
    hold.status = QStringLiteral("active");
    hold.storedStatus = hold.status;
    hold.remainingMs = row[5].as<qint64>();
    attempt.hold = hold;
    return attempt;
}

QStringList column(const pqxx::result &result)
{
    QStringList out;
    out.reserve(result.size());
    for (const auto &row : result)
        out.append(qstr(row[0]));
    return out;
}

} // namespace

std::optional<HoldOutcome> saleRefusal(const pqxx::sql_error &error)
{
    const std::string state = error.sqlstate();
    if (state == "BX001")
        return HoldOutcome::NotOnSale;
    if (state == "BX002")
        return HoldOutcome::SalePaused;
    if (state == "BX003")
        return HoldOutcome::EventCancelled;
    if (state == "BX004")
        return HoldOutcome::OffSale;
    return std::nullopt;
}

std::optional<EventRules> HoldRepository::lockUserOnEvent(Tx &tx,
                                                          const QString &eventId,
                                                          const QString &owner)
{
    const auto result = exec(tx, kLockUser, str(eventId), str(owner));
    if (result.empty())
        return std::nullopt;
    const auto row = result[0];
    return EventRules{row[1].as<int>(),
                      row[2].as<int>(),
                      row[3].as<int>(),
                      row[4].as<bool>(),
                      row[5].as<bool>()};
}

UserUsage HoldRepository::usage(Tx &tx, const QString &eventId, const QString &owner)
{
    const auto row = exec(tx, kUsage, str(eventId), str(owner))[0];
    return UserUsage{row[0].as<int>(), row[1].as<int>()};
}

HoldAttempt HoldRepository::insertHold(
    Tx &tx, const HoldRequest &request, const QString &owner, const EventRules &rules, int wanted)
{
    pqxx::result result;
    try {
        result = exec(tx,
                      kInsertHold,
                      str(request.eventId),
                      str(owner),
                      textArray(request.seats),
                      str(request.ga),
                      request.ga.isEmpty() ? 0 : request.quantity,
                      rules.holdSeconds,
                      rules.maxHoldsPerUser,
                      rules.maxSeatsPerUser,
                      wanted);
    } catch (const pqxx::sql_error &error) {
        if (const auto refusal = saleRefusal(error))
            throw SaleRefused(*refusal);
        throw;
    }
    return attemptFromRow(result[0], request.eventId, owner, request);
}

QStringList HoldRepository::takeSeats(Tx &tx,
                                      const QString &eventId,
                                      const QString &holdId,
                                      const QString &owner,
                                      const QStringList &sortedSeats)
{
    return column(
        exec(tx, kTakeSeats, str(eventId), textArray(sortedSeats), str(holdId), str(owner)));
}

namespace {

// `o_outcome`'s spellings (db/sql/hold_seats.sql, hold_seats_batch.sql); anything else is a
// function out of step with this build: an error, not a guess.
HoldOutcome holdOutcome(const pqxx::field &field)
{
    const std::string_view text(field.c_str(), field.size());
    if (text == "created")
        return HoldOutcome::Created;
    if (text == "seat_unavailable")
        return HoldOutcome::SeatUnavailable;
    if (text == "limit_exceeded")
        return HoldOutcome::LimitExceeded;
    if (text == "admission_required")
        return HoldOutcome::AdmissionRequired;
    if (text == "not_found")
        return HoldOutcome::NotFound;
    throw std::runtime_error("hold_seats: unknown outcome " + std::string(text));
}

// One answer of hold_seats or hold_seats_batch, from its column `first` on (outcome, hold id,
// expires at, found, free, used seats, used holds, max seats, max holds, milliseconds left).
SeatHoldOutcome seatHoldOutcome(const pqxx::row &row,
                                int first,
                                const QString &eventId,
                                const QString &owner,
                                const QStringList &sortedSeats)
{
    const auto at = [&](int column) { return row[first + column]; };
    SeatHoldOutcome out;
    out.outcome = holdOutcome(at(0));
    out.found = parseTextArray(at(3));
    out.free = parseTextArray(at(4));
    out.usage = UserUsage{at(5).as<int>(), at(6).as<int>()};
    out.rules.maxSeatsPerUser = at(7).as<int>();
    out.rules.maxHoldsPerUser = at(8).as<int>();
    if (out.outcome == HoldOutcome::Created) {
        Hold hold;
        hold.id = qstr(at(1));
        hold.eventId = eventId;
        hold.owner = owner;
        hold.seats = sortedSeats;
        hold.expiresAt = QDateTime::fromString(qstr(at(2)), Qt::ISODateWithMs);
        hold.status = QStringLiteral("active");
        hold.storedStatus = hold.status;
        hold.remainingMs = at(9).as<qint64>();
        out.hold = hold;
    }
    return out;
}

SeatHoldOutcome refusedBySale(HoldOutcome why)
{
    SeatHoldOutcome out;
    out.outcome = why;
    return out;
}

} // namespace

SeatHoldOutcome HoldRepository::holdSeats(Tx &tx,
                                          const QString &eventId,
                                          const QString &owner,
                                          const QStringList &sortedSeats,
                                          bool admitted,
                                          const QString &holdId)
{
    pqxx::result result;
    try {
        result = exec(tx,
                      kHoldSeats,
                      str(eventId),
                      str(owner),
                      textArray(sortedSeats),
                      admitted,
                      str(holdId));
    } catch (const pqxx::unique_violation &error) {
        if (holdId.isEmpty() || std::string(error.what()).find("holds_pkey") == std::string::npos)
            throw;
        throw HoldIdTaken("hold id " + str(holdId) + " exists already");
    } catch (const pqxx::sql_error &error) {
        const auto refusal = saleRefusal(error);
        if (!refusal)
            throw;
        return refusedBySale(*refusal);
    }
    return seatHoldOutcome(result[0], 0, eventId, owner, sortedSeats);
}

std::vector<SeatHoldOutcome> HoldRepository::holdSeatsBatch(
    Database &database, const QString &eventId, const std::vector<SeatHoldRequest> &requests)
{
    QStringList owners, seats, ids;
    std::string counts = "{", admitted = "{";
    for (const SeatHoldRequest &request : requests) {
        owners.append(request.owner);
        seats.append(request.sortedSeats);
        ids.append(request.holdId);
        counts += (counts.size() > 1 ? "," : "") + std::to_string(request.sortedSeats.size());
        admitted += (admitted.size() > 1 ? "," : "") + std::string(request.admitted ? "t" : "f");
    }
    auto lease = database.pool().acquire();
    pqxx::result result;
    try {
        pqxx::nontransaction work(lease->pq->connection);
        Tx tx(work, *lease);
        result = exec(tx,
                      kHoldSeatsBatch,
                      str(eventId),
                      textArray(owners),
                      counts + '}',
                      textArray(seats),
                      admitted + '}',
                      textArray(ids));
    } catch (const pqxx::broken_connection &) {
        lease->broken = true;
        throw;
    } catch (const pqxx::sql_error &error) {
        const auto refusal = saleRefusal(error);
        if (!refusal)
            throw;
        // One event per batch: the same answer for all.
        return std::vector<SeatHoldOutcome>(requests.size(), refusedBySale(*refusal));
    }
    std::vector<SeatHoldOutcome> out(requests.size());
    if (result.size() != requests.size())
        throw std::runtime_error("hold_seats_batch: one answer per request expected");
    for (const auto &row : result) {
        const size_t i = row[0].as<size_t>() - 1;
        if (i >= requests.size())
            throw std::runtime_error("hold_seats_batch: answer for no request");
        out[i] = seatHoldOutcome(row, 1, eventId, requests[i].owner, requests[i].sortedSeats);
    }
    return out;
}

SeatHoldOutcome HoldRepository::holdSeats(Database &database,
                                          const QString &eventId,
                                          const QString &owner,
                                          const QStringList &sortedSeats,
                                          bool admitted,
                                          const QString &holdId)
{
    QString id = holdId;
    for (int attempt = 0;; ++attempt) {
        auto lease = database.pool().acquire();
        try {
            pqxx::nontransaction work(lease->pq->connection);
            Tx tx(work, *lease);
            return holdSeats(tx, eventId, owner, sortedSeats, admitted, id);
        } catch (const HoldIdTaken &) {
            // Nothing was kept (autocommit): the same hold under an id the database picks.
            id.clear();
            --attempt;
        } catch (const pqxx::transaction_rollback &error) {
            if (attempt >= 1)
                throw Unavailable(std::string("database conflict: ") + error.what());
        } catch (const pqxx::broken_connection &error) {
            lease->broken = true;
            if (attempt >= 1)
                throw Unavailable(std::string("database connection lost: ") + error.what());
        }
    }
}

QList<SectionSeat> HoldRepository::sectionSeats(Tx &tx,
                                                const QString &eventId,
                                                const QString &section)
{
    QList<SectionSeat> out;
    const auto result = exec(tx, kSectionSeats, str(eventId), str(section));
    out.reserve(result.size());
    for (const auto &row : result)
        out.append(SectionSeat{qstr(row[0]),
                               row[1].as<int>(),
                               row[2].as<int>(),
                               row[3].as<double>(),
                               row[4].as<bool>()});
    return out;
}

QStringList HoldRepository::lockFreeSeats(Tx &tx, const QString &eventId, const QStringList &seats)
{
    return column(exec(tx, kLockFree, str(eventId), textArray(seats)));
}

bool HoldRepository::sectionExists(Tx &tx, const QString &eventId, const QString &section)
{
    return !exec(tx, kSectionExists, str(eventId), str(section)).empty();
}

std::optional<Hold> HoldRepository::findHold(Tx &tx, const QString &holdId, bool lock)
{
    const auto result = exec(tx, lock ? kFindHoldLocked : kFindHold, str(holdId));
    if (result.empty())
        return std::nullopt;
    return holdFromRow(result[0]);
}

bool HoldRepository::isExpired(Tx &tx, const QString &holdId)
{
    const auto result = exec(tx, kIsExpired, str(holdId));
    return result.empty() || result[0][0].as<bool>();
}

QStringList HoldRepository::releaseSeats(Tx &tx, const QString &eventId, const QString &holdId)
{
    return column(exec(tx, kReleaseSeats, str(eventId), str(holdId)));
}

void HoldRepository::setHoldStatus(Tx &tx, const QString &holdId, const QString &status)
{
    exec(tx, kSetStatus, str(holdId), str(status));
}

void HoldRepository::setHoldSeats(Tx &tx, const QString &holdId, const QStringList &seats)
{
    exec(tx, kSetSeats, str(holdId), textArray(seats));
}

int HoldRepository::sweepSeatHolds(Tx &tx, int limit)
{
    return exec(tx, kSweepSeats, limit)[0][0].as<int>();
}

QList<QPair<QString, QString>> HoldRepository::zonesWithExpiredHolds(Tx &tx, int limit)
{
    QList<QPair<QString, QString>> out;
    for (const auto &row : exec(tx, kExpiredZones, limit))
        out.append({qstr(row[0]), qstr(row[1])});
    return out;
}

bool HoldRepository::trySweeperLock(Tx &tx)
{
    return exec(tx, kSweeperLock)[0][0].as<bool>();
}

} // namespace boxoffice::server::db
