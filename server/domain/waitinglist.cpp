// SPDX-License-Identifier: GPL-3.0-or-later
#include "waitinglist.h"

#include "ids.h"
#include "ruletransaction.h"

#include "db/auditrepository.h"
#include "db/database.h"
#include "db/waitinglistrepository.h"

#include <QLoggingCategory>

namespace boxoffice::server::domain {

Q_LOGGING_CATEGORY(lcWaiting, "boxoffice.waitinglist")

using db::WaitingListRepository;

namespace {

Error noSuchEvent()
{
    return Error(ErrorCode::NotFound, QStringLiteral("no such event"));
}

Error notOnList()
{
    return Error(ErrorCode::NotFound, QStringLiteral("you are not on this event's waiting list"));
}

} // namespace

WaitingList::WaitingList(db::Database &database)
    : m_database(database)
{}

Result<WaitingEntry> WaitingList::join(const Principal &fan,
                                       const QString &eventId,
                                       WaitingListJoin join)
{
    if (!isUuid(eventId))
        return noSuchEvent();
    join.categories.removeDuplicates();
    join.categories.sort();
    return resultInTransaction<WaitingEntry>(m_database, [&](db::Tx &tx) {
        const auto event = WaitingListRepository::event(tx, eventId.toLower());
        if (!event)
            throw noSuchEvent();
        if (event->cancelled)
            throw Error(ErrorCode::EventCancelled, QStringLiteral("the event was cancelled"));
        if (!event->enabled)
            throw Error(ErrorCode::WaitingListOff, QStringLiteral("this event has no waiting list"));
        if (join.quantity < 1 || join.quantity > event->maxSeatsPerUser)
            throw Error::invalidField(QStringLiteral("quantity"),
                                      QStringLiteral("`quantity` must be from 1 to %1")
                                          .arg(event->maxSeatsPerUser));
        for (const QString &category : std::as_const(join.categories)) {
            if (!event->categories.contains(category))
                throw Error::invalidField(QStringLiteral("categories"),
                                          QStringLiteral("no category `%1` at this event")
                                              .arg(category.left(50)));
        }
        if (WaitingListRepository::freeSeats(tx, eventId.toLower(), join.categories)
            >= join.quantity)
            throw Error(ErrorCode::NotSoldOut,
                        QStringLiteral("seats of what you ask for are on sale: buy them instead"));
        if (!WaitingListRepository::join(tx,
                                         eventId.toLower(),
                                         fan.subject,
                                         join.quantity,
                                         join.categories))
            throw Error(ErrorCode::AlreadyWaiting,
                        QStringLiteral("you are on this event's waiting list already"));
        return *WaitingListRepository::lockLive(tx, eventId.toLower(), fan.subject);
    });
}

Result<Done> WaitingList::leave(const Principal &fan, const QString &eventId)
{
    if (!isUuid(eventId))
        return notOnList();
    return resultInTransaction<Done>(m_database, [&](db::Tx &tx) {
        const auto entry = WaitingListRepository::lockLive(tx, eventId.toLower(), fan.subject);
        if (!entry)
            throw notOnList();
        if (entry->state == u"offered")
            WaitingListRepository::decline(tx, *entry);
        else
            WaitingListRepository::leave(tx, entry->id);
        return Done{};
    });
}

Result<Done> WaitingList::decline(const Principal &fan, const QString &eventId)
{
    if (!isUuid(eventId))
        return notOnList();
    auto declined = resultInTransaction<Done>(m_database, [&](db::Tx &tx) {
        const auto entry = WaitingListRepository::lockLive(tx, eventId.toLower(), fan.subject);
        if (!entry)
            throw notOnList();
        if (entry->state != u"offered" || !WaitingListRepository::decline(tx, *entry))
            throw Error(ErrorCode::NoOffer, QStringLiteral("you have no standing offer"));
        return Done{};
    });
    if (declined) {
        // Passed on at once (the periodic run would within its interval).
        try {
            m_database.transact(
                [&](db::Tx &tx) { WaitingListRepository::offer(tx, eventId.toLower()); });
        } catch (const std::exception &error) {
            qCWarning(lcWaiting) << "offer run after a decline:" << error.what();
        }
    }
    return declined;
}

Result<QList<WaitingEntry>> WaitingList::mine(const Principal &fan)
{
    return resultInTransaction<QList<WaitingEntry>>(m_database, [&](db::Tx &tx) {
        return WaitingListRepository::ofFan(tx, fan.subject);
    });
}

Result<WaitingListView> WaitingList::list(const Principal &manager, const QString &eventId)
{
    if (!isUuid(eventId))
        return noSuchEvent();
    return resultInTransaction<WaitingListView>(m_database, [&](db::Tx &tx) {
        const auto event = WaitingListRepository::event(tx, eventId.toLower());
        if (!event)
            throw noSuchEvent();
        WaitingListView view{event->enabled,
                             event->offerMinutes,
                             WaitingListRepository::ofEvent(tx, eventId.toLower())};
        // Fans' addresses were shown: who looked, and when.
        db::AuditRepository::record(tx,
                                    db::AuditEntry{.actor = manager.subject,
                                                   .action = QStringLiteral("waiting_list.view"),
                                                   .eventId = eventId.toLower(),
                                                   .subject = eventId.toLower(),
                                                   .after = {{QStringLiteral("entries"),
                                                              int(view.entries.size())}}});
        return view;
    });
}

int WaitingList::runOffers()
{
    int offered = 0;
    QStringList events;
    try {
        m_database.transact([&](db::Tx &tx) { events = WaitingListRepository::eventsToRun(tx); });
    } catch (const std::exception &error) {
        qCWarning(lcWaiting) << "waiting lists:" << error.what();
        return 0;
    }
    for (const QString &eventId : std::as_const(events)) {
        // One transaction per event: one event's trouble (its sale paused: no hold may be made)
        // leaves the others' offers alone.
        try {
            db::OfferRun run;
            m_database.transact(
                [&](db::Tx &tx) { run = WaitingListRepository::offer(tx, eventId); });
            offered += run.offered;
            if (run.offered || run.closed || run.released)
                qCInfo(lcWaiting) << "waiting list of" << eventId << "- offered" << run.offered
                                  << "closed" << run.closed << "released" << run.released;
        } catch (const std::exception &error) {
            qCWarning(lcWaiting) << "waiting list of" << eventId << ":" << error.what();
        }
    }
    return offered;
}

} // namespace boxoffice::server::domain
