// SPDX-License-Identifier: GPL-3.0-or-later
#include "waitinglistrepository.h"

#include "statement.h"

namespace boxoffice::server::db {

namespace {

#define ISO_TIME(column) \
    "to_char(" column " AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')"

const Statement kEvent{"waiting_event",
                       "SELECT e.waiting_list_enabled, e.waiting_offer_minutes,"
                       " e.max_seats_per_user, e.cancelled_at IS NOT NULL,"
                       " coalesce((SELECT array_agg(c.category_id ORDER BY c.category_id)"
                       "   FROM price_categories c WHERE c.event_id = e.id), '{}')"
                       " FROM events e WHERE e.id = $1::uuid FOR SHARE"};
const Statement kFree{"waiting_free_seats",
                      "SELECT count(*) FROM inventory WHERE event_id = $1::uuid"
                      " AND (status = 'available' OR (status = 'held' AND expires_at < now()))"
                      " AND (cardinality($2::text[]) = 0 OR category = ANY($2::text[]))"};
const Statement kJoin{"waiting_join",
                      "INSERT INTO waiting_entries (event_id, username, quantity, categories)"
                      " VALUES ($1::uuid, $2, $3, $4::text[])"
                      " ON CONFLICT (event_id, username) WHERE state IN ('waiting', 'offered')"
                      " DO NOTHING RETURNING id"};
// The columns of WaitingEntry, for entries `w` of events `e` with users `u` and holds `h`.
#define ENTRY_COLUMNS \
    "w.id, w.event_id::text, e.title, " ISO_TIME( \
        "e.starts_at") ", w.username," \
                       " coalesce(u.email, ''), coalesce(u.display_name, ''), w.quantity, " \
                       "w.categories, w.state," \
                       " CASE WHEN w.state = 'waiting' THEN (SELECT count(*) FROM " \
                       "waiting_entries a" \
                       "   WHERE a.event_id = w.event_id AND a.state = 'waiting' AND a.id <= " \
                       "w.id) ELSE 0 END," \
                       " " ISO_TIME( \
                           "w.joined_at") ", coalesce(w.hold_id::text, ''), coalesce(h.seats, " \
                                          "'{}')," \
                                          " CASE WHEN h.id IS NULL THEN '' ELSE " ISO_TIME( \
                                              "h.expires_at") " END"
#define ENTRY_FROM \
    " FROM waiting_entries w JOIN events e ON e.id = w.event_id" \
    " LEFT JOIN users u ON u.username = w.username LEFT JOIN holds h ON h.id = w.hold_id"
const Statement kLockLive{"waiting_lock_live",
                          "SELECT " ENTRY_COLUMNS ENTRY_FROM
                          " WHERE w.event_id = $1::uuid AND w.username = $2"
                          " AND w.state IN ('waiting', 'offered') FOR UPDATE OF w"};
const Statement kLeave{"waiting_leave",
                       "UPDATE waiting_entries SET state = 'left', ended_at = now()"
                       " WHERE id = $1 AND state = 'waiting'"};
// The offer's hold released and its seats freed (the pool takes them back), in one statement.
const Statement kDecline{
    "waiting_decline",
    "WITH h AS (UPDATE holds SET status = 'released', ended_at = now()"
    "   WHERE id = $1::uuid AND status = 'active' RETURNING id, event_id),"
    " freed AS (UPDATE inventory i SET status = 'available', hold_id = NULL, owner = NULL,"
    "   expires_at = NULL, version = i.version + 1 FROM h WHERE i.event_id = h.event_id"
    "   AND i.hold_id = h.id AND i.status = 'held' RETURNING i.event_id, i.seat_id),"
    " logged AS (INSERT INTO outbox (event_id, kind, payload) SELECT event_id, 'seats.released',"
    "   jsonb_build_object('reason', 'offer_declined', 'seats', jsonb_agg(seat_id"
    "   ORDER BY seat_id)) FROM freed GROUP BY event_id RETURNING 1),"
    " ended AS (UPDATE waiting_entries SET state = 'declined', ended_at = now()"
    "   WHERE id = $2 AND state = 'offered' AND EXISTS (SELECT 1 FROM h) RETURNING 1)"
    " SELECT (SELECT count(*) FROM ended), (SELECT count(*) FROM logged)"};
const Statement kOfFan{"waiting_of_fan",
                       "SELECT " ENTRY_COLUMNS ENTRY_FROM
                       " WHERE w.username = $1 AND (w.state IN ('waiting', 'offered')"
                       "   OR w.ended_at > now() - interval '30 days')"
                       " ORDER BY w.state IN ('waiting', 'offered') DESC, w.id DESC LIMIT 50"};
const Statement kOfEvent{"waiting_of_event",
                         "SELECT " ENTRY_COLUMNS ENTRY_FROM
                         " WHERE w.event_id = $1::uuid ORDER BY w.id LIMIT 5000"};
const Statement kOffer{"waiting_offer",
                       "SELECT o_locked, o_closed, o_offered, o_released"
                       " FROM waiting_list_offer($1::uuid)"};
const Statement kToRun{"waiting_events_to_run",
                       "SELECT id::text FROM events WHERE waiting_list_enabled"
                       " UNION SELECT DISTINCT event_id::text FROM waiting_entries"
                       " WHERE state IN ('waiting', 'offered')"};

WaitingEntry entryFromRow(const pqxx::row &row)
{
    WaitingEntry out;
    out.id = row[0].as<qint64>();
    out.eventId = qstr(row[1]);
    out.eventTitle = qstr(row[2]);
    out.startsAt = qstr(row[3]);
    out.username = qstr(row[4]);
    out.email = qstr(row[5]);
    out.name = qstr(row[6]);
    out.quantity = row[7].as<int>();
    out.categories = parseTextArray(row[8]);
    out.state = qstr(row[9]);
    out.position = row[10].as<int>();
    out.joinedAt = qstr(row[11]);
    out.holdId = qstr(row[12]);
    out.offeredSeats = parseTextArray(row[13]);
    out.offerExpiresAt = qstr(row[14]);
    return out;
}

QList<WaitingEntry> entries(const pqxx::result &result)
{
    QList<WaitingEntry> out;
    out.reserve(result.size());
    for (const auto &row : result)
        out.append(entryFromRow(row));
    return out;
}

} // namespace

std::optional<WaitingListEvent> WaitingListRepository::event(Tx &tx, const QString &eventId)
{
    const auto result = exec(tx, kEvent, str(eventId));
    if (result.empty())
        return std::nullopt;
    const auto row = result[0];
    return WaitingListEvent{row[0].as<bool>(),
                            row[1].as<int>(),
                            row[2].as<int>(),
                            row[3].as<bool>(),
                            parseTextArray(row[4])};
}

int WaitingListRepository::freeSeats(Tx &tx, const QString &eventId, const QStringList &categories)
{
    return exec(tx, kFree, str(eventId), textArray(categories))[0][0].as<int>();
}

bool WaitingListRepository::join(Tx &tx,
                                 const QString &eventId,
                                 const QString &username,
                                 int quantity,
                                 const QStringList &categories)
{
    return !exec(tx, kJoin, str(eventId), str(username), quantity, textArray(categories)).empty();
}

std::optional<WaitingEntry> WaitingListRepository::lockLive(Tx &tx,
                                                            const QString &eventId,
                                                            const QString &username)
{
    const auto result = exec(tx, kLockLive, str(eventId), str(username));
    if (result.empty())
        return std::nullopt;
    return entryFromRow(result[0]);
}

void WaitingListRepository::leave(Tx &tx, qint64 entryId)
{
    exec(tx, kLeave, entryId);
}

bool WaitingListRepository::decline(Tx &tx, const WaitingEntry &entry)
{
    return exec(tx, kDecline, str(entry.holdId), entry.id)[0][0].as<int>() == 1;
}

QList<WaitingEntry> WaitingListRepository::ofFan(Tx &tx, const QString &username)
{
    return entries(exec(tx, kOfFan, str(username)));
}

QList<WaitingEntry> WaitingListRepository::ofEvent(Tx &tx, const QString &eventId)
{
    return entries(exec(tx, kOfEvent, str(eventId)));
}

OfferRun WaitingListRepository::offer(Tx &tx, const QString &eventId)
{
    const auto row = exec(tx, kOffer, str(eventId))[0];
    return OfferRun{row[0].as<bool>(), row[1].as<int>(), row[2].as<int>(), row[3].as<int>()};
}

QStringList WaitingListRepository::eventsToRun(Tx &tx)
{
    QStringList out;
    for (const auto &row : exec(tx, kToRun))
        out.append(qstr(row[0]));
    return out;
}

} // namespace boxoffice::server::db
