// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "dbfwd.h"
#include "principal.h"
#include "result.h"

#include "db/rows/waitinglist.h"

namespace boxoffice::server::domain {

using db::WaitingEntry;

/// A POST /events/{id}/waiting-list body.
struct WaitingListJoin
{
    int quantity = 0;
    QStringList categories; ///< empty: any
};

/// GET /events/{id}/waiting-list: the manager's view.
struct WaitingListView
{
    bool enabled = false;
    int offerMinutes = 0;
    QList<WaitingEntry> entries;
};

/// The waiting list (docs/waiting-list.md). Fans join a sold-out event's list and leave it; the
/// offer run (on every server, each event's run under a database lock) offers seats that came
/// back to the next fans as holds in their name, and passes lapsed offers on. The database
/// keeps returned seats for the list (migration 0120): this class only asks it to.
class WaitingList
{
public:
    explicit WaitingList(db::Database &database);

    /// POST /events/{id}/waiting-list: the caller's new place.
    Result<WaitingEntry> join(const Principal &fan, const QString &eventId, WaitingListJoin join);
    /// DELETE /me/waiting-list/{event}: off the list; a standing offer is declined.
    Result<Done> leave(const Principal &fan, const QString &eventId);
    /// POST /me/waiting-list/{event}/decline: the offer passes to the next fan at once.
    Result<Done> decline(const Principal &fan, const QString &eventId);
    /// GET /me/waiting-list.
    Result<QList<WaitingEntry>> mine(const Principal &fan);
    /// GET /events/{id}/waiting-list (manager; the viewing is audit-logged).
    Result<WaitingListView> list(const Principal &manager, const QString &eventId);

    /// One offer run over every event whose list may have work; how many offers it made.
    /// Never throws (a failing event is logged and left for the next run).
    int runOffers();

private:
    db::Database &m_database;
};

} // namespace boxoffice::server::domain
