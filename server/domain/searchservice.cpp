// SPDX-License-Identifier: GPL-3.0-or-later
#include "searchservice.h"

#include "db/catalogrepository.h"
#include "db/database.h"
#include "db/searchrepository.h"
#include "db/seathistory.h"
#include "ids.h"

namespace boxoffice::server::domain {

SearchService::SearchService(db::Database &database)
    : m_database(database)
{}

EventPage SearchService::search(const EventSearch &query)
{
    EventPage page;
    m_database.transact(
        [&](db::Tx &tx) {
            page = {};
            auto hits = db::SearchRepository::search(tx, query);
            if (int(hits.size()) > query.limit) {
                hits.resize(size_t(query.limit));
                page.next = SearchPosition{hits.back().startsAt, hits.back().eventId};
            }
            // The page's events in one query, not one per hit.
            QStringList ids;
            for (const auto &hit : hits)
                ids.append(hit.eventId);
            const QHash<QString, QByteArray> events = db::CatalogRepository::events(tx, ids);
            for (const auto &hit : hits) {
                auto event = events.constFind(hit.eventId);
                if (event != events.constEnd())
                    page.eventDocuments.append(*event);
            }
        },
        db::Database::Isolation::RepeatableRead);
    return page;
}

Result<SeatHistory> SearchService::seatHistory(const QString &eventId, const QString &seatId)
{
    if (!isUuid(eventId))
        return Error(ErrorCode::NotFound, QStringLiteral("no such event"));
    std::optional<QList<QByteArray>> history;
    m_database.transact(
        [&](db::Tx &tx) { history = db::SeatHistoryRepository::history(tx, eventId, seatId); });
    if (!history)
        return Error(ErrorCode::NotFound, QStringLiteral("no such seat in this event"));
    return SeatHistory{eventId, seatId, std::move(*history)};
}

} // namespace boxoffice::server::domain
