// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A GET /events query as api/searchcodec reads it, domain/searchservice pages it and
// db/searchrepository runs it.

#include <QDateTime>
#include <QString>

#include <optional>

namespace boxoffice::server::db {

/// Where a page of search results ends: the last event's sort key (the next page starts after).
struct SearchPosition
{
    QDateTime startsAt;
    QString eventId;
};

/// A GET /events query, already validated.
struct EventSearch
{
    QString text;
    QString category;
    std::optional<QDateTime> from;
    std::optional<QDateTime> to;
    std::optional<double> lat;
    std::optional<double> lng;
    double radiusKm = 50;
    int limit = 20;
    std::optional<SearchPosition> after; ///< from the previous page's cursor
};

} // namespace boxoffice::server::db
