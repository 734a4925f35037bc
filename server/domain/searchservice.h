// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/eventsearch.h"
#include "result.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>

#include <optional>

namespace boxoffice::server::db {
class Database;
}

namespace boxoffice::server::domain {

using db::EventSearch;
using db::SearchPosition;

/// One page of GET /events. The events are the catalog's stored event documents: JSON text as
/// the database builds them, so they stay bytes here (api/ reads them).
struct EventPage
{
    QList<QByteArray> eventDocuments;
    std::optional<SearchPosition> next; ///< none on the last page
};

/// A seat's recorded history, oldest first. Each entry is the JSON text the database builds from
/// the outbox row (its payload is free-form), so the entries stay bytes here.
struct SeatHistory
{
    QString eventId;
    QString seatId;
    QList<QByteArray> entryDocuments;
};

/// GET /events (search over the event_search projection, keyset pages) and the seat history.
class SearchService
{
public:
    explicit SearchService(db::Database &database);

    /// Up to query.limit events in start order, and where the next page starts.
    EventPage search(const EventSearch &query);
    /// The seat's history; NotFound for an unknown event or seat.
    Result<SeatHistory> seatHistory(const QString &eventId, const QString &seatId);

private:
    db::Database &m_database;
};

} // namespace boxoffice::server::domain
