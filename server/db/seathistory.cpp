// SPDX-License-Identifier: GPL-3.0-or-later
#include "seathistory.h"

#include "statement.h"

namespace boxoffice::server::db {

namespace {

const Statement kSeatExists{"seat_history_exists",
                            "SELECT 1 FROM inventory WHERE event_id = $1::uuid AND seat_id = $2"};
// Holds carry their owner; orders, payments and tickets add their outbox kinds here as they
// write rows naming the seat.
const Statement
    kHistory{"seat_history",
             "SELECT json_build_object('at', to_char(o.created_at AT TIME ZONE 'UTC',"
             "   'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"'), 'kind', o.kind, 'outbox_id', s.outbox_id,"
             "   'hold_id', o.payload->>'hold_id', 'reason', o.payload->>'reason',"
             "   'order_id', o.payload->>'order_id',"
             // By the primary key: comparing `h.id::text` read the whole holds table per entry
             // (24 s for a front-row seat after an on-sale). Only a well-formed id is cast.
             "   'owner', (SELECT owner FROM holds h WHERE h.id = CASE WHEN o.payload->>'hold_id'"
             "     ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'"
             "     THEN (o.payload->>'hold_id')::uuid END),"
             "   'details', o.payload)::text"
             " FROM seat_history s JOIN outbox o ON o.id = s.outbox_id"
             " WHERE s.event_id = $1::uuid AND s.seat_id = $2 ORDER BY s.outbox_id"};

} // namespace

std::optional<QList<QByteArray>> SeatHistoryRepository::history(Tx &tx,
                                                                const QString &eventId,
                                                                const QString &seatId)
{
    if (exec(tx, kSeatExists, str(eventId), str(seatId)).empty())
        return std::nullopt;
    QList<QByteArray> out;
    for (const auto &row : exec(tx, kHistory, str(eventId), str(seatId)))
        out.append(QByteArray(row[0].c_str(), qsizetype(row[0].size())));
    return out;
}

} // namespace boxoffice::server::db
