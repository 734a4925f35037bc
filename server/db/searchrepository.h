// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/eventsearch.h"

#include <QDateTime>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <string>

namespace boxoffice::server::db {

struct PqConnection;
class Tx;

/// The search projection's writer: its own session, used by the relay thread.
class SearchProjector
{
public:
    explicit SearchProjector(const std::string &url);
    ~SearchProjector();

    /// Projects committed `event.*` outbox rows (below the snapshot's xmin) into event_search
    /// and marks them projected in the same transaction; returns how many rows it took.
    int projectBatch(int limit);
    /// Seconds since the oldest catalog row not yet projected was written (0 when none).
    double lagSeconds();

private:
    std::unique_ptr<PqConnection> m_pq;
};

/// One matching event in order, with its sort key for the next cursor.
struct SearchHit
{
    QString eventId;
    QDateTime startsAt;
};

/// Reads of the search projection.
struct SearchRepository
{
    /// Up to query.limit + 1 hits (one more tells whether there is a next page).
    static std::vector<SearchHit> search(Tx &tx, const EventSearch &query);
};

} // namespace boxoffice::server::db
