#pragma once

#include "response.h"

#include <QUrlQuery>

namespace boxoffice::server::db {
class Database;
}

namespace boxoffice::server::domain {

/// GET /events (search over the event_search projection, keyset pages) and the seat history.
class SearchService
{
public:
    explicit SearchService(db::Database &database);

    /// {items:[Event], next_cursor}; 400 bad_request for malformed parameters.
    Response search(const QUrlQuery &query);
    /// {event_id, seat_id, history:[...]} oldest first; 404 for an unknown event or seat.
    Response seatHistory(const QString &eventId, const QString &seatId);

private:
    db::Database &m_database;
};

} // namespace boxoffice::server::domain
